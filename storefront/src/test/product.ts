/** API answers of the catalog, for tests of the product pages. */

/** A product page as the API answers it: the product's colour is its picture's colour code. */
export function productDetail(overrides: Record<string, unknown> = {}) {
  return {
    productVariantId: 1011,
    articleNumber: 'HS-001-1',
    ean: '8712345000011',
    packaging: 'bag',
    content: { amount: '12.5', unit: 'kg' },
    variantLabel: null,
    colour: '#8e44ad',
    weightKg: 20.2,
    dimensionsCm: { length: 60, width: 40.5, height: 12 },
    quantityPerPallet: 40,
    shelfLifeMonths: 6,
    deliveryTime: { minDays: 1, maxDays: 2 },
    price: '24.95',
    vatType: 'low',
    unitPrice: { perKilogram: '2.00' },
    stock: { state: 'inStock', orderable: true, stockReminderAvailable: false, enableStockReminderFeature: true },
    image: null,
    url: '/muesli/sport-muesli/',
    productId: 1,
    productKey: 'hs-sport-muesli',
    productType: 2,
    productGroup: 'muesli',
    brand: 'Hoefslag',
    name: 'Hoefslag Sport Muesli',
    shortDescription: null,
    longDescription: null,
    composition: null,
    energyLevel: null,
    rating: { average: null, count: 0 },
    nutrients: [
      { nutrient: 'digestibleEnergyMj', group: 'energy', amount: 12.7, unit: 'MJ/kg' },
      { nutrient: 'vitaminA', group: 'vitamins', amount: 15000, unit: 'IU/kg' },
    ],
    images: ['hs-sport-muesli.svg'],
    otherVariants: [],
    ...overrides,
  };
}
