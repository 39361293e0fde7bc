/**
 * "Priority plus" for the primary menu on a desktop screen: the menu stays one line, and the
 * items that do not fit move, from the end, into a "More" sub-menu. A site's menu comes from its
 * content, so how many items fit depends on the site, its language and the window's width.
 *
 * The server and the first render in the browser show every item (no window during render;
 * the CSS cuts the row off at the right). Once running, a ResizeObserver measures the row, and
 * measures again when the window's width or an item's width (the web fonts arriving) changes.
 * Items moved under "More" stay in the row, invisible and out of the flow (see the CSS), so
 * their widths can still be read.
 */
import { useEffect, useState, type RefObject } from 'react';

/** The desktop breakpoint (1088 px): below it the menu is behind its button, not a row. */
const DESKTOP = '(min-width: 68em)';

/** How many items fit before the "More" item, given their widths; `null` when all fit. */
export function fittingCount(itemWidths: readonly number[], moreWidth: number, gap: number, available: number): number | null {
  const all = itemWidths.reduce((sum, width) => sum + width, 0) + gap * Math.max(itemWidths.length - 1, 0);
  if (all <= available) return null;
  let used = moreWidth;
  let count = 0;
  for (const width of itemWidths) {
    if (used + gap + width > available) break;
    used += gap + width;
    count += 1;
  }
  return count;
}

/**
 * The number of the list's items (`[data-menu-item]` children) shown in the row, the rest being
 * under its `[data-menu-more]` child; `null` when all fit or the menu is not a row.
 */
export function useMenuOverflow(list: RefObject<HTMLUListElement | null>, itemCount: number): number | null {
  const [fitting, setFitting] = useState<number | null>(null);
  useEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined' || typeof window.matchMedia !== 'function') return;
    const desktop = window.matchMedia(DESKTOP);
    const widthOf = (node: Element | null) => node?.getBoundingClientRect().width ?? 0;
    const measure = () => {
      if (!desktop.matches) {
        setFitting(null);
        return;
      }
      const items = Array.from(element.querySelectorAll(':scope > [data-menu-item]'));
      const more = element.querySelector(':scope > [data-menu-more]');
      const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
      setFitting(fittingCount(items.map(widthOf), widthOf(more), gap, element.clientWidth));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const item of Array.from(element.children)) observer.observe(item);
    return () => observer.disconnect();
  }, [list, itemCount]);
  return fitting;
}
