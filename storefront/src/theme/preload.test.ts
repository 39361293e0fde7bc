import { describe, expect, it } from 'vitest';

import { fontPreloads } from './preload';

const BUILD = [
  'index-CgCLU740.js',
  'poppins-latin-400-normal-cpxAROuN.woff2',
  'poppins-latin-400-normal-BOb3E3N0.woff',
  'poppins-latin-ext-400-normal-Ce_uWq1Z.woff2',
  'poppins-latin-700-normal-Qrb0O0WB.woff2',
  'pt-sans-latin-400-normal-Dpx3C4hh.woff2',
  'pt-serif-latin-700-normal-B9Yb3g9d.woff2',
];

describe('font preloads', () => {
  it('the first brand’s theme preloads Poppins 400 and 700 (Latin, woff2)', () => {
    expect(fontPreloads('default', BUILD)).toBe(
      '<link rel="preload" href="/assets/poppins-latin-400-normal-cpxAROuN.woff2" as="font" type="font/woff2" crossorigin>' +
        '<link rel="preload" href="/assets/poppins-latin-700-normal-Qrb0O0WB.woff2" as="font" type="font/woff2" crossorigin>',
    );
  });

  it('the green theme preloads PT Sans and PT Serif', () => {
    expect(fontPreloads('green', BUILD)).toBe(
      '<link rel="preload" href="/assets/pt-sans-latin-400-normal-Dpx3C4hh.woff2" as="font" type="font/woff2" crossorigin>' +
        '<link rel="preload" href="/assets/pt-serif-latin-700-normal-B9Yb3g9d.woff2" as="font" type="font/woff2" crossorigin>',
    );
  });

  it('an unknown theme takes the default fonts; a build without them preloads nothing', () => {
    expect(fontPreloads('unknown', BUILD)).toBe(fontPreloads('default', BUILD));
    expect(fontPreloads('default', ['index-CgCLU740.js'])).toBe('');
  });
});
