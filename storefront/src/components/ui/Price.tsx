import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { currencyFor, formatAmount } from '../../engine';
import type { Culture } from '../../i18n';
import { cultureAtom, siteAtom } from '../../state';

/** An amount as text: the site's currency symbol and the engine's number format of the culture. */
export function priceText(amount: string, symbol: string, culture: Culture): string {
  return `${symbol} ${formatAmount({ amount, culture }).text}`;
}

/** A function that formats amounts for the running site and culture, marking indicative ones. */
export function useFormatPrice(): (amount: string) => string {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const culture = useAtomValue(cultureAtom);
  const symbol = site?.currency ?? '€';
  const { indicative } = currencyFor(symbol);
  return useCallback(
    (amount: string) => {
      const text = priceText(amount, symbol, culture);
      return indicative ? t('currency.indicative', { amount: text }) : text;
    },
    [symbol, culture, indicative, t],
  );
}

/**
 * An amount in the site's currency: the engine derives the currency from the site's symbol and
 * formats the number for the culture. Non-euro amounts are marked indicative.
 */
export function Price({ amount, negative = false }: { amount: string; negative?: boolean }) {
  const site = useAtomValue(siteAtom);
  const format = useFormatPrice();
  const { currency, indicative } = currencyFor(site?.currency ?? '€');
  return (
    <span data-currency={currency} data-indicative={indicative} data-amount={amount}>
      {negative ? `- ${format(amount)}` : format(amount)}
    </span>
  );
}
