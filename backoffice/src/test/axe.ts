/**
 * axe-core on what a test rendered: the test fails on any serious or critical violation.
 * Colour contrast is left out: jsdom computes no styles (the browser tests check it).
 */
import axe from 'axe-core';
import { expect } from 'vitest';

export async function expectAccessible(root: Element = document.body): Promise<void> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
