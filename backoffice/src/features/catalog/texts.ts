/** What the catalog's screens say about a product's texts: its name, and what a language lacks. */
import type { CatalogProductRecord, CultureTexts, MissingText, StaffLanguage } from '../../api/contract';
import type { useTranslation } from '../../i18n';
import { cultureName } from '../../lib/format';
import { PRODUCT_TEXT_FIELD_LABELS } from '../../lib/labels';

type Translate = ReturnType<typeof useTranslation>['t'];

/** The product's name as the list shows it: in Dutch, the shop's source language, else the first there is, else its key. */
export function productName(product: CatalogProductRecord): string {
  const named = (texts: CultureTexts | undefined) => (texts?.name ? texts.name : undefined);
  return named(product.texts.find((texts) => texts.culture === 'nl')) ?? named(product.texts.find((texts) => texts.name)) ?? product.productKey;
}

/** A text a language lacks, and where its visitors read it instead: `Composition: shown in English`. */
export function missingLine(missing: MissingText, t: Translate, language: StaffLanguage): string {
  const field = t(PRODUCT_TEXT_FIELD_LABELS[missing.field]);
  return missing.shownFrom ? t('product.shownIn', { field, culture: cultureName(missing.shownFrom, language) }) : t('product.shownNowhere', { field });
}
