import { describe, expect, it } from 'vitest';

import { CATALOGS, LANGUAGES } from '.';

type Catalog = { [key: string]: string | Catalog };

/** Every key of a catalog, as `group.key`. */
function keysOf(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

function valueAt(catalog: Catalog, key: string): string {
  const value = key.split('.').reduce<string | Catalog | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalog);
  if (typeof value !== 'string') throw new Error(`no text at ${key}`);
  return value;
}

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const source = CATALOGS.nl as Catalog;

describe('the catalogs', () => {
  it.each(LANGUAGES)('%s has exactly the keys of the Dutch source catalog', (language) => {
    expect(keysOf(CATALOGS[language] as Catalog).sort()).toEqual(keysOf(source).sort());
  });

  it.each(LANGUAGES)('%s has no empty text and the same {{variables}} as Dutch', (language) => {
    for (const key of keysOf(source)) {
      const text = valueAt(CATALOGS[language], key);
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(variables(text), `${language} ${key}`).toEqual(variables(valueAt(source, key)));
    }
  });

  it('uses {{count}} only in plural keys, which have both forms', () => {
    for (const key of keysOf(source)) {
      const plural = /_(one|other)$/.test(key);
      expect(valueAt(source, key).includes('{{count}}'), key).toBe(plural);
      if (plural) expect(keysOf(source)).toContain(key.replace(/_(one|other)$/, key.endsWith('_one') ? '_other' : '_one'));
    }
  });

  it('translates every message key the contract names', () => {
    const codes = [
      'errors.staffSignInRequired',
      'errors.permissionDenied',
      'errors.staffSignInFailed',
      'errors.tooManyAttempts',
      'errors.secondFactorFailed',
      'errors.signInExpired',
      'validation.passwordTooShort',
      'validation.passwordWeak',
      'validation.totpCode',
    ];
    for (const language of LANGUAGES) for (const code of codes) expect(() => valueAt(CATALOGS[language] as Catalog, code)).not.toThrow();
  });
});
