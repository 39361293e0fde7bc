import { useEffect } from 'react';

/** The icons the content names (e.g. the USP collections, fixtures/content/uspCollections.json), as text symbols. */
const ICONS: Readonly<Record<string, string>> = {
  truck: '🚚',
  clock: '⏱',
  euro: '€',
  lock: '🔒',
  return: '↩',
  chat: '💬',
};

/**
 * A decorative icon by name (hidden from screen readers: the text beside it says it all). An
 * unknown name logs a warning and renders nothing, so a typo in the
 * content shows no stray symbol.
 */
export function Icon({ name, className }: { name: string; className?: string }) {
  const known = Object.hasOwn(ICONS, name);
  useEffect(() => {
    if (!known) console.warn(`Unknown icon name: "${name}"`);
  }, [known, name]);
  if (!known) return null;
  return (
    <span className={className} aria-hidden="true" data-icon={name}>
      {ICONS[name]}
    </span>
  );
}
