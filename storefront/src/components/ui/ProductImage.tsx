import { useState } from 'react';

/** Where a product image is served: the API gives a file name (e.g. `hs-sport-muesli.svg`). */
export function imageUrl(image: string): string {
  return /^(https?:)?\//.test(image) ? image : `/images/${encodeURIComponent(image)}`;
}

/** A product image; one that does not load is left out rather than shown broken. */
export function ProductImage({ image, alt, size, lazy = true }: { image?: string | null; alt: string; size: number; lazy?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!image || failed) return null;
  return <img src={imageUrl(image)} alt={alt} width={size} height={size} loading={lazy ? 'lazy' : 'eager'} onError={() => setFailed(true)} />;
}
