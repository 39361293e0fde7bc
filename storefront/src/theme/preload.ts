/**
 * The fonts a theme's first paint needs (body and headings, Latin), preloaded from the page's
 * head by the server renderer: found by the browser only after the stylesheet and the layout
 * otherwise, their late arrival re-lays the text out (a later largest paint, a layout shift).
 * Other weights and scripts (Latin Extended for Czech, Polish, Estonian) load as the page needs
 * them (`fonts.ts`).
 */
const THEME_FONTS: Record<string, readonly string[]> = {
  default: ['poppins-latin-400-normal', 'poppins-latin-700-normal'],
  green: ['pt-sans-latin-400-normal', 'pt-serif-latin-700-normal'],
};

/**
 * `<link rel="preload">` tags for the theme's fonts among the build's files (`assets/` names such
 * as `poppins-latin-400-normal-cpxAROuN.woff2`); nothing for a font the build does not have.
 */
export function fontPreloads(theme: string, buildFiles: readonly string[]): string {
  const wanted = THEME_FONTS[theme] ?? THEME_FONTS.default ?? [];
  return wanted
    .map((font) => buildFiles.find((file) => file.startsWith(`${font}-`) && file.endsWith('.woff2')))
    .filter((file): file is string => file !== undefined)
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`)
    .join('');
}
