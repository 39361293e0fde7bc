// The decoder of a calculated cart's tape (engine/src/cart/tape.rs): numbers and one text from
// the engine, turned into the object JSON.parse would give for the cart's JSON text, with the
// same fields in the same order. Much faster than writing JSON in WebAssembly and parsing it
// here; `CartCalculator.calculate` uses it (engine-wasm/src/lib.rs).

/**
 * @param {Float64Array} numbers a view of WebAssembly memory, read before anything else runs
 * @param {string} text every text of the cart, one after the other
 */
export function decodeCart(numbers, text) {
  let at = 0;
  let textAt = 0;
  const number = () => numbers[at++];
  const string = () => text.slice(textAt, (textAt += numbers[at++]));
  const list = (item) => {
    const items = [];
    for (let count = numbers[at++]; count > 0; count -= 1) items.push(item());
    return items;
  };
  const discount = () => ({
    description: string(),
    promotionKey: string(),
    amount: string(),
  });
  const freeProduct = () => ({
    productId: number(),
    productVariantId: number(),
    description: string(),
    productLabel: string(),
    promotionText: string(),
    quantity: number(),
    originalAmount: string(),
  });
  const rqsSample = () => ({ sequence: number(), sampleName: string() });
  const product = () => ({
    productId: number(),
    productVariantId: number(),
    productType: number(),
    quantity: number(),
    description: string(),
    productLabel: string(),
    originalAmount: string(),
    totalAmount: string(),
    vatRatePercentage: string(),
    vatAmount: string(),
    vatType: number() === 0 ? "high" : "low",
    productDiscounts: list(discount),
    freeProducts: list(freeProduct),
    rqsSamples: list(rqsSample),
  });
  const stockWarning = () => ({
    messageKey: string(),
    productVariantId: number(),
    amount: number(),
  });
  const shippingMethod = () => ({
    shippingMethod: number(),
    price: string(),
    priceExVat: string(),
  });
  const freeShipping = () => ({
    minimumAmount: string(),
    remainingAmount: string(),
    reached: number() === 1,
  });
  return {
    products: list(product),
    shippingDiscounts: list(discount),
    orderDiscounts: list(discount),
    originalShippingCosts: string(),
    shippingCosts: string(),
    paymentCosts: string(),
    totalAmount: string(),
    vatAmountLow: string(),
    vatAmountHigh: string(),
    subTotalAmount: string(),
    totalAmountExclVat: string(),
    shippingCostsExclVat: string(),
    amountToPay: string(),
    giftCardAmount: string(),
    itemCount: number(),
    stockWarnings: list(stockWarning),
    scanProductsOnly: number() === 1,
    shippingMethods: list(shippingMethod),
    freeShipping: number() === 1 ? freeShipping() : null,
  };
}
