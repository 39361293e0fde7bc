/**
 * Product data in the visitor's language (product page, comparison, cart and checkout): the
 * server sends packaging and colours as codes and amounts as decimal strings; here they become
 * words of the catalogs and numbers as the culture writes them (the engine's
 * `locale.formatQuantity`). A code the catalogs do not know is shown as the server sent it.
 */
import type { TFunction } from 'i18next';
import { useMemo } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { useFormatQuantity, type QuantityFormat, type QuantityValue } from '../../lib/quantity';

/** The server's packaging codes (fixtures/README.md, `variants[].packaging`). */
const PACKAGING_CODES = ['bag', 'block', 'bottle', 'bucket', 'jerrycan', 'kit', 'piece', 'tube'] as const;
type PackagingCode = (typeof PACKAGING_CODES)[number];

/** The colour names of merchandise variants that the catalogs translate. */
const COLOUR_NAMES = ['black', 'blue', 'green', 'navy', 'red'] as const;
type ColourName = (typeof COLOUR_NAMES)[number];

const isPackagingCode = (code: string): code is PackagingCode => (PACKAGING_CODES as readonly string[]).includes(code);
const isColourName = (name: string): name is ColourName => (COLOUR_NAMES as readonly string[]).includes(name);

/** A colour code such as `#8e44ad`: the colour of the product's picture, not a name to show. */
const COLOUR_CODE = /^#[0-9a-f]{3,8}$|^[0-9a-f]{6}$/i;

/** A content the server wrote as `<amount> <unit>` (`12.5 kg`, `1 piece`). */
const CONTENT = /^(\d+(?:\.\d+)?) (kg|g|l|ml|piece)$/;
/** The cart's variant label as the server writes it: `<variant label or content> (<packaging code>)`. */
const LABEL_WITH_PACKAGING = /^(.+) \(([a-z]+)\)$/;

export function packagingText(t: TFunction, code: string): string {
  return isPackagingCode(code) ? t(`product.packagingTypes.${code}`) : code;
}

/** A colour's name, or null when the product data has none (empty, or only a colour code). */
export function colourText(t: TFunction, colour: string | null | undefined): string | null {
  const value = colour?.trim() ?? '';
  if (value === '' || COLOUR_CODE.test(value)) return null;
  const name = value.toLowerCase();
  return isColourName(name) ? t(`product.colours.${name}`) : value;
}

/** A content: `12,5 kg` in Dutch, `1 stuk` for a piece. */
export function contentText(t: TFunction, quantity: QuantityFormat, amount: QuantityValue, unit: string): string {
  if (unit === 'piece') return t('product.contentPieces', quantity.count(amount));
  return `${quantity.text(amount)} ${unit}`;
}

/** The cart's variant label (`12.5 kg (bag)`) in the visitor's language (`12,5 kg (zak)`). */
export function variantLabelText(t: TFunction, quantity: QuantityFormat, label: string): string {
  const withPackaging = LABEL_WITH_PACKAGING.exec(label);
  const [variant, code] = withPackaging ? [withPackaging[1] ?? '', withPackaging[2] ?? ''] : [label, null];
  const content = CONTENT.exec(variant);
  const variantText = content ? contentText(t, quantity, content[1] ?? '', content[2] ?? '') : variant;
  if (code === null) return variantText;
  return isPackagingCode(code) ? `${variantText} (${packagingText(t, code)})` : label;
}

/** The texts above for the running culture. */
export function useProductTexts() {
  const { t } = useTranslation();
  const quantity = useFormatQuantity();
  return useMemo(
    () => ({
      /** A number as the culture writes it (`20,2`). */
      number: (value: QuantityValue) => quantity.text(value),
      packaging: (code: string) => packagingText(t, code),
      colour: (colour: string | null | undefined) => colourText(t, colour),
      content: (amount: QuantityValue, unit: string) => contentText(t, quantity, amount, unit),
      variantLabel: (label: string) => variantLabelText(t, quantity, label),
    }),
    [t, quantity],
  );
}
