import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';

import { currencyFor, formatAmount } from '../../engine';
import { cultureAtom, siteAtom } from '../../state';

/**
 * An amount in the site's currency: the engine derives the currency from the site's symbol and
 * formats the number for the culture. Non-euro amounts are marked indicative.
 */
export function Price({ amount }: { amount: string }) {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const culture = useAtomValue(cultureAtom);
  const symbol = site?.currency ?? '€';
  const { currency, indicative } = currencyFor(symbol);
  const text = `${symbol} ${formatAmount({ amount, culture }).text}`;
  return (
    <span data-currency={currency} data-indicative={indicative}>
      {indicative ? t('currency.indicative', { amount: text }) : text}
    </span>
  );
}
