/**
 * Structured data for search engines (schema.org as JSON-LD): the shop's
 * organization, a product with its offer and rating, the breadcrumb trail, an FAQ page, a
 * news article, the feed calculator as a web application and the dealers as local businesses. Built from what the server sent; nothing is computed here: prices are the
 * decimal strings the engine produced.
 */
import type { ProductDetail } from '../../api/catalog';
import type { SchemaDealer } from '../../api/generated/schema';

export type JsonLd = Record<string, unknown> & { '@type': string };

const CONTEXT = 'https://schema.org';

/** The shop itself, on its home page. */
export function organization({ name, url, sameAs }: { name: string; url: string; sameAs?: string[] }): JsonLd {
  return { '@context': CONTEXT, '@type': 'Organization', name, url, ...(sameAs && sameAs.length > 0 ? { sameAs } : {}) };
}

const AVAILABILITY = {
  inStock: 'https://schema.org/InStock',
  low: 'https://schema.org/LimitedAvailability',
  outOfStock: 'https://schema.org/OutOfStock',
} as const;

export interface ProductFacts {
  product: ProductDetail;
  /** The page's own address. */
  url: string;
  /** The ISO 4217 code of the site's currency, e.g. `EUR`, `DKK`. */
  currency: string;
  /** Absolute address of the product's image, if it has one. */
  image: string | null;
  description: string | null;
}

/** A product with the variant the page shows as its offer, and the rating when it has reviews. */
export function product({ product, url, currency, image, description }: ProductFacts): JsonLd {
  const rating = product.rating;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name ?? product.productKey,
    sku: product.articleNumber,
    ...(product.ean ? { gtin13: product.ean } : {}),
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    offers: {
      '@type': 'Offer',
      url,
      // The price charged for one: a reduction's, when the shelf announces one.
      price: product.reduction?.price ?? product.price,
      priceCurrency: currency,
      availability: AVAILABILITY[product.stock.state],
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(rating.count > 0 && rating.average
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: '5', worstRating: '1' } }
      : {}),
  };
}

/** The trail from the home page to this page. */
export function breadcrumbList(trail: { name: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: step.url })),
  };
}

/** The questions of an FAQ page with their answers (plain text). */
export function faqPage(questions: { question: string; answer: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: questions.map(({ question, answer }) => ({ '@type': 'Question', name: question, acceptedAnswer: { '@type': 'Answer', text: answer } })),
  };
}

/** A news item. `datePublished` is the ISO date the server sent. */
export function newsArticle({
  headline,
  datePublished,
  image,
  url,
  publisher,
}: {
  headline: string;
  datePublished: string;
  image: string | null;
  url: string;
  publisher: string;
}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline,
    datePublished,
    mainEntityOfPage: url,
    ...(image ? { image: [image] } : {}),
    publisher: { '@type': 'Organization', name: publisher },
  };
}

/** A free tool that runs in the browser: the feed calculator. */
export function webApplication({
  name,
  url,
  description,
  inLanguage,
  currency,
}: {
  name: string;
  url: string;
  description: string | null;
  inLanguage: string;
  /** The ISO 4217 code of the site's currency: the tool's price, 0, is in it. */
  currency: string;
}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebApplication',
    name,
    url,
    ...(description ? { description } : {}),
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Any',
    browserRequirements: 'Requires JavaScript',
    inLanguage,
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: currency },
  };
}

const DAYS = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' } as const;

/** A dealer's opening hours as schema.org reads them: one specification per day and time range (`09:00-18:00`). */
function openingHours(hours: SchemaDealer['openingHours']): JsonLd[] {
  return Object.entries(hours).flatMap(([day, ranges]) => {
    const dayOfWeek = DAYS[day as keyof typeof DAYS];
    if (!dayOfWeek) return [];
    return ranges.flatMap((range) => {
      const [opens, closes] = range.split('-');
      return opens && closes ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${dayOfWeek}`, opens, closes }] : [];
    });
  });
}

/** A dealer or store that sells the brand, with its address, place and opening hours. */
export function localBusiness(dealer: SchemaDealer): JsonLd {
  const { address } = dealer;
  const hours = openingHours(dealer.openingHours);
  return {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    name: dealer.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [address.street, address.streetNumber, address.streetNumberAddition].filter(Boolean).join(' '),
      postalCode: address.zipcode,
      addressLocality: address.city,
    },
    geo: { '@type': 'GeoCoordinates', latitude: dealer.latitude, longitude: dealer.longitude },
    ...(dealer.phone ? { telephone: dealer.phone } : {}),
    ...(dealer.email ? { email: dealer.email } : {}),
    ...(dealer.website ? { url: dealer.website } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
  };
}
