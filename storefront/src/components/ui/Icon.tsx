import { Clock, Euro, Lock, MessageCircle, Truck, Undo2, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';

/**
 * The icons the content names (e.g. the USP collections, fixtures/content/uspCollections.json),
 * drawn from the storefront's one icon set, lucide: inline SVG that takes the text colour.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  truck: Truck,
  clock: Clock,
  euro: Euro,
  lock: Lock,
  return: Undo2,
  chat: MessageCircle,
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
  const Svg = known ? ICONS[name] : undefined;
  if (!Svg) return null;
  return <Svg className={className} aria-hidden="true" focusable="false" data-icon={name} />;
}
