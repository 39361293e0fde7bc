/** A value of untyped JSON as text: a string as it is, a number or boolean written out, anything else empty. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return '';
}

/** A page's document title: "<title> | <brand>", or the brand alone when the page has no title of its own. */
export function documentTitle(title: string | null | undefined, brandName: string): string {
  return title && title !== brandName ? `${title} | ${brandName}` : brandName;
}
