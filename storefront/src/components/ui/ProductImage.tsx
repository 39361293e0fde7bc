import { useState } from 'react';

/** Where a product image is served: the API gives a file name (e.g. `hs-sport-muesli.svg`). */
export function imageUrl(image: string): string {
  return /^(https?:)?\//.test(image) ? image : `/images/${encodeURIComponent(image)}`;
}

/**
 * How soon the browser fetches an image: `lazy` when it nears the screen (below the fold),
 * `eager` at once (the first row of a list), `first` at once and before other images (the
 * largest image a visitor sees first: the product photo, the first card of a list).
 */
export type ImageLoading = 'lazy' | 'eager' | 'first';

/** A product image; one that does not load is left out rather than shown broken. */
export function ProductImage({ image, alt, size, loading = 'lazy' }: { image?: string | null; alt: string; size: number; loading?: ImageLoading }) {
  const [failed, setFailed] = useState(false);
  if (!image || failed) return null;
  return (
    <img
      src={imageUrl(image)}
      alt={alt}
      width={size}
      height={size}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'first' ? 'high' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
