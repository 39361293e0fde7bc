import type { ThemeName } from '../api/sites';

/** Puts the site's theme on <html>: `data-theme="default"` or `"green"`. */
export function applyTheme(theme: ThemeName): void {
  document.documentElement.dataset.theme = theme;
}
