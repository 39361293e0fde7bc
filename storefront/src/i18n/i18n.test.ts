import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';

import { messageKeys } from '../engine';
import {
  COMPLETE_CULTURES,
  CULTURES,
  createI18n,
  cultureChain,
  initI18n,
  loadResources,
  resourcesForPage,
  translateMessage,
  type Brand,
  type Culture,
} from '.';

type Catalog = Record<string, unknown>;

const catalogs = import.meta.glob<Catalog>('./locales/*.json', { import: 'default', eager: true });
const overrides = import.meta.glob<Catalog>('./overrides/weidegroen/*.json', { import: 'default', eager: true });
const catalog = (culture: string): Catalog => {
  const found = catalogs[`./locales/${culture}.json`];
  if (!found) throw new Error(`no catalog ${culture}`);
  return found;
};

function flatKeys(value: Catalog, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? flatKeys(inner as Catalog, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Every text of a catalog by its full key. */
function flatValues(value: Catalog, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? flatValues(inner as Catalog, `${prefix}${key}.`) : [[`${prefix}${key}`, inner] as [string, unknown]],
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Keys without plural suffixes: the keys code calls `t` with. */
const baseKeys = (value: Catalog) => new Set(flatKeys(value).map((key) => key.replace(PLURAL, '')));

describe('fallback chains', () => {
  it('regional cultures fall back as the README describes', () => {
    expect(cultureChain('nl-BE')).toEqual(['nl-BE', 'nl']);
    expect(cultureChain('de-AT')).toEqual(['de-AT', 'de', 'nl']);
    expect(cultureChain('fr-BE')).toEqual(['fr-BE', 'fr-FR', 'nl']);
    expect(cultureChain('fr-BE', 'nl-BE')).toEqual(['fr-BE', 'fr-FR', 'nl']);
  });

  it('other cultures: the site fallback, then en, then nl, without duplicates', () => {
    expect(cultureChain('sv')).toEqual(['sv', 'en', 'nl']);
    expect(cultureChain('sv', 'de')).toEqual(['sv', 'de', 'en', 'nl']);
    expect(cultureChain('en', 'en')).toEqual(['en', 'nl']);
    expect(cultureChain('nl', 'en')).toEqual(['nl', 'en']);
  });

  it('nl-BE shows its own wording and Dutch for the rest', async () => {
    await initI18n({ culture: 'nl-BE' });
    expect(i18next.t('cart.empty')).toBe('Je winkelmandje is leeg.');
    expect(i18next.t('validation.required')).toBe('Dit is een verplicht veld');
    expect(Object.keys(i18next.store.data).sort()).toEqual(['nl', 'nl-BE']);
  });

  it('de-AT falls back to de and then nl', async () => {
    await initI18n({ culture: 'de-AT' });
    expect(i18next.t('validation.invalidVatNumber')).toBe('Diese UID-Nummer ist ungültig');
    expect(i18next.t('validation.required')).toBe('Dies ist ein Pflichtfeld');
  });

  it('fr-BE shows its own wording, French (fr-FR) for the rest, never Dutch where fr-FR has the text', async () => {
    // The Belgian site's fallback language is nl-BE: French visitors still get French.
    await initI18n({ culture: 'fr-BE', siteFallback: 'nl-BE' });
    expect(Object.keys(i18next.store.data).sort()).toEqual(['fr-BE', 'fr-FR', 'nl']);
    expect(i18next.t('validation.invalidEmail')).toBe("Cette adresse e-mail n'est pas valable");
    expect(i18next.t('validation.required')).toBe('Ce champ est obligatoire');
    expect(i18next.t('feedCalculator.title')).toBe((catalog('fr-FR').feedCalculator as Catalog).title);
    expect(i18next.t('feedCalculator.title')).not.toBe((catalog('nl').feedCalculator as Catalog).title);
    expect(i18next.t('feedCalculator.scoopsPerDay', { count: 2 })).toBe('2 mesures par jour');
  });

  it('the account speaks each region’s wording where it differs', async () => {
    await initI18n({ culture: 'nl-BE' });
    expect(i18next.t('account.results.added')).toBe('De producten zitten in je winkelmandje.');
    expect(i18next.t('account.companyData.intro')).toContain('ondernemingsnummer');
    expect(i18next.t('account.orders.payByTransfer')).toContain('via overschrijving');
    expect(i18next.t('checkout.fields.mobilePhone')).toBe('Gsm-nummer');
    expect(i18next.t('account.orders.payNow')).toBe('Nu betalen');
    await initI18n({ culture: 'de-AT' });
    expect([i18next.t('account.orders.vatLow'), i18next.t('account.orders.vatHigh')]).toEqual(['USt. ermäßigter Satz', 'USt. Normalsatz']);
    expect(i18next.t('checkout.fields.vatNumber')).toBe('UID-Nummer');
    expect(i18next.t('account.orders.payNow')).toBe('Jetzt bezahlen');
    await initI18n({ culture: 'fr-BE' });
    expect([i18next.t('checkout.fields.mobilePhone'), i18next.t('checkout.fields.addition'), i18next.t('checkout.fields.city')]).toEqual([
      'Numéro de GSM',
      'Boîte',
      'Localité',
    ]);
    expect(i18next.t('checkout.fields.vatNumber')).toBe('Numéro de TVA');
    expect(i18next.t('account.companyData.intro')).toContain("numéro d'entreprise");
    expect(i18next.t('account.orders.payNow')).toBe('Payer maintenant');
  });

  it("puts the site's fallback language before en and loads only the chain", async () => {
    await initI18n({ culture: 'sv', siteFallback: 'de' });
    expect(Object.keys(i18next.store.data).sort()).toEqual(['de', 'en', 'nl', 'sv']);
    // With the Swedish bundle gone, German (the site fallback) answers before English.
    i18next.removeResourceBundle('sv', 'translation');
    expect(i18next.t('cart.title')).toBe((catalog('de').cart as Catalog).title);
    expect(i18next.t('cart.title')).not.toBe((catalog('en').cart as Catalog).title);
  });
});

describe('Weidegroen overrides (site type 1)', () => {
  it('merge the brand wording over nl, and over nl-BE', async () => {
    await initI18n({ culture: 'nl', brand: 'weidegroen' });
    expect(i18next.t('brand.name')).toBe('Weidegroen');
    expect(i18next.t('header.searchPlaceholder')).toBe('Zoek op kruiden, voer of vraag');
    expect(i18next.t('cart.title')).toBe('Winkelwagen');
    await initI18n({ culture: 'nl-BE', brand: 'weidegroen' });
    expect(i18next.t('brand.name')).toBe('Weidegroen');
  });

  it('apply in de and da, and not for the first brand', async () => {
    await initI18n({ culture: 'de', brand: 'weidegroen' });
    expect(i18next.t('brand.name')).toBe('Weidegroen');
    await initI18n({ culture: 'da', brand: 'weidegroen' });
    expect(i18next.t('brand.name')).toBe('Weidegroen');
    await initI18n({ culture: 'da', brand: 'hoefslag' });
    expect(i18next.t('brand.name')).toBe('Hoefslag');
  });
});

describe('catalogs', () => {
  const nlKeys = baseKeys(catalog('nl'));

  it('has a catalog for every culture', () => {
    for (const culture of CULTURES) expect(() => catalog(culture)).not.toThrow();
  });

  it('translates every message key of the engine in nl and every complete culture', () => {
    const keys = messageKeys();
    expect(keys.length).toBeGreaterThan(20);
    for (const culture of COMPLETE_CULTURES) {
      const present = baseKeys(catalog(culture));
      const missing = keys.filter((key) => !present.has(key));
      expect(missing, culture).toEqual([]);
    }
  });

  it("shows the engine's messages with their parameters", async () => {
    await initI18n('nl');
    expect(translateMessage({ key: 'validation.maxLength', params: { count: 50 } })).toBe('Dit veld mag maximaal 50 tekens bevatten');
    expect(translateMessage({ key: 'validation.stockLimited', params: { amount: 3 } })).toBe('Er zijn nog maar 3 stuks op voorraad');
    expect(translateMessage({ key: 'validation.passwordRequirements' })).toBe('Minimaal 7 tekens, moet cijfers en letters bevatten');
    await initI18n('pl');
    expect(translateMessage({ key: 'compare.limitReached', params: { count: 4 } })).toMatch(/4/);
  });

  it('complete cultures have exactly the keys of nl', () => {
    for (const culture of COMPLETE_CULTURES) {
      const keys = baseKeys(catalog(culture));
      expect(
        [...nlKeys].filter((key) => !keys.has(key)),
        `${culture} misses`,
      ).toEqual([]);
      expect(
        [...keys].filter((key) => !nlKeys.has(key)),
        `${culture} has extra`,
      ).toEqual([]);
    }
  });

  it('regional catalogs hold only wording that differs from the next culture of their chain', () => {
    for (const culture of ['de-AT', 'nl-BE', 'fr-BE'] as const) {
      const [, parent] = cultureChain(culture);
      const own = Object.fromEntries(flatValues(catalog(culture)));
      const inherited = Object.fromEntries(flatValues(catalog(parent ?? 'nl')));
      expect(
        Object.keys(own).filter((key) => own[key] === inherited[key]),
        `${culture} repeats ${parent}`,
      ).toEqual([]);
    }
  });

  it('regional catalogs and overrides only hold keys of nl', () => {
    const partial = { 'de-AT': catalog('de-AT'), 'nl-BE': catalog('nl-BE'), 'fr-BE': catalog('fr-BE'), ...overrides };
    for (const [name, value] of Object.entries(partial)) {
      expect(
        [...baseKeys(value)].filter((key) => !nlKeys.has(key)),
        name,
      ).toEqual([]);
    }
  });
});

/** `t` for any key text (the keys here come from the catalogs, not from code). */
const untypedT = (instance: I18n) => instance.t.bind(instance) as unknown as (key: string, options?: { count: number }) => string;

describe('the catalogs a server-rendered page carries', () => {
  const COUNTS = [0, 1, 2, 5, 22, 101];
  const brands: Brand[] = ['hoefslag', 'weidegroen'];
  const siteFallbacks: (Culture | null)[] = [null, 'de'];

  it.each(CULTURES.flatMap((culture) => brands.flatMap((brand) => siteFallbacks.map((siteFallback) => ({ culture, brand, siteFallback })))))(
    '$culture ($brand, site fallback $siteFallback): every key reads as with the whole catalogs',
    async (options) => {
      const whole = await loadResources(options);
      const page = resourcesForPage(whole, options);
      const fromWhole = untypedT(createI18n(options, whole));
      const fromPage = untypedT(createI18n(options, page));
      const keys = new Set(Object.values(whole).flatMap((bundle) => [...baseKeys(bundle.translation)]));
      for (const key of keys) {
        expect(fromPage(key), key).toBe(fromWhole(key));
        for (const count of COUNTS) expect(fromPage(key, { count }), `${key} (${count})`).toBe(fromWhole(key, { count }));
      }
      // The culture's own catalog is whole.
      expect(page[options.culture]).toEqual(whole[options.culture]);
    },
  );

  it('leaves out of a fallback what the culture has, and keeps its plural forms', () => {
    const whole = {
      pl: { translation: { a: 'A pl', items_one: '1 pl', items_few: 'kilka', group: { b: 'B pl' } } },
      en: { translation: { a: 'A en', c: 'C en', items_one: '1 en', items_other: 'many en', group: { b: 'B en', d: 'D en' } } },
      nl: { translation: { a: 'A nl', c: 'C nl', e: 'E nl' } },
    };
    expect(resourcesForPage(whole, { culture: 'pl' })).toEqual({
      pl: whole.pl,
      en: { translation: { c: 'C en', items_one: '1 en', items_other: 'many en', group: { d: 'D en' } } },
      nl: { translation: { e: 'E nl' } },
    });
  });
});
