/** What the site's layout (navigation, footer) says about its own paths. */

/**
 * The title of a path as the site's own navigation or footer names it (landing pages have no
 * page content of their own).
 */
export function linkTitle(layout: unknown, path: string): string | null {
  if (Array.isArray(layout)) {
    for (const item of layout) {
      const found = linkTitle(item, path);
      if (found) return found;
    }
    return null;
  }
  if (typeof layout !== 'object' || layout === null) return null;
  const record = layout as Record<string, unknown>;
  if (record.url === path && typeof record.title === 'string') return record.title;
  for (const value of Object.values(record)) {
    const found = linkTitle(value, path);
    if (found) return found;
  }
  return null;
}
