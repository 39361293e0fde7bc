/**
 * An article's lead (its `summary`) and body. Editors often open the body with the lead as its
 * first paragraph (the demo's news and advice articles all do), so the page shows the lead once
 * and the body only for what it adds.
 */

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The body without a first paragraph that repeats the lead; null when nothing is left. */
export function bodyAfterLead(body: string | null | undefined, lead: string | null | undefined): string | null {
  if (!body || normalized(body) === '') return null;
  if (!lead || normalized(lead) === '') return body;
  if (normalized(body) === normalized(lead)) return null;
  const [first = '', ...rest] = body.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  if (normalized(first) !== normalized(lead)) return body;
  const remainder = rest.join('\n\n');
  return normalized(remainder) === '' ? null : remainder;
}
