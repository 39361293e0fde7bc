/**
 * The page the app starts from keeps to host-server's content security policy for /admin/:
 * no inline script or style element, and nothing from another origin.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

// vitest runs in the package's folder (jsdom's import.meta.url is no file URL).
const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');

describe('index.html under the content security policy', () => {
  it('loads its one script as a file, with no inline script or style', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.[1]).toContain('src="/src/main.tsx"');
    expect(scripts[0]?.[2]?.trim()).toBe('');
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it('names no other origin', () => {
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
  });
});
