// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { BREAKPOINTS_PX, fromBreakpoint } from './constants';

describe('breakpoints', () => {
  it('are mobile 448, tablet 768, desktop 1088, widescreen 1280 and fullhd 1472 px', () => {
    expect(BREAKPOINTS_PX).toEqual({ mobile: 448, tablet: 768, desktop: 1088, widescreen: 1280, fullhd: 1472 });
  });

  it('are the theme tokens’ breakpoints, widescreen included', () => {
    const tokens = readFileSync(fileURLToPath(new URL('../theme/tokens.css', import.meta.url)), 'utf8');
    const declared: Record<string, number> = {};
    for (const [, name, px] of tokens.matchAll(/--breakpoint-([a-z]+):\s*(\d+)px;/g)) declared[name ?? ''] = Number(px);
    expect(declared).toEqual(BREAKPOINTS_PX);
  });

  it('give the media queries in em, as the CSS modules write them', () => {
    expect(fromBreakpoint('tablet')).toBe('(min-width: 48em)');
    expect(fromBreakpoint('widescreen')).toBe('(min-width: 80em)');
    expect(fromBreakpoint('fullhd')).toBe('(min-width: 92em)');
  });
});
