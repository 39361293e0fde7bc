import { useAtomValue } from 'jotai';
import { useCallback } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { displayPrice, type PriceDisplay } from '../../engine';
import type { Site } from '../../api/sites';
import type { Culture } from '../../i18n';
import { cultureAtom, siteAtom } from '../../state';

/**
 * A euro amount as the site shows it (the engine's `locale.displayPrice`): on a krone, krona or
 * zloty site the conversion at the site's rate, on a euro site the amount itself.
 */
export function shownPrice(amountEur: string, site: Pick<Site, 'currency' | 'exchangeRate'> | null, culture: Culture): PriceDisplay {
  return displayPrice({
    amountEur,
    currencySymbol: site?.currency ?? '€',
    rate: site?.exchangeRate ?? null,
    culture,
  });
}

/** A euro amount as text with the euro sign, whatever the site's currency: what will be charged. */
export function euroText(amountEur: string, culture: Culture): string {
  return shownPrice(amountEur, null, culture).text;
}

/** A function that formats euro amounts for the running site and culture, marking indicative ones. */
export function useFormatPrice(): (amountEur: string) => string {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const culture = useAtomValue(cultureAtom);
  return useCallback(
    (amountEur: string) => {
      const shown = shownPrice(amountEur, site, culture);
      return shown.indicative ? t('currency.indicative', { amount: shown.text }) : shown.text;
    },
    [site, culture, t],
  );
}

/** A function that writes euro amounts with the euro sign for the running culture: the amount charged. */
export function useFormatEuro(): (amountEur: string) => string {
  const culture = useAtomValue(cultureAtom);
  return useCallback((amountEur: string) => euroText(amountEur, culture), [culture]);
}

/**
 * An amount as the site shows it: the engine converts the euro amount at the site's rate and
 * formats the number for the culture. Converted amounts are marked indicative.
 */
export function Price({ amount, negative = false }: { amount: string; negative?: boolean }) {
  const site = useAtomValue(siteAtom);
  const culture = useAtomValue(cultureAtom);
  const format = useFormatPrice();
  const { currency, indicative } = shownPrice(amount, site, culture);
  return (
    <span data-currency={currency} data-indicative={indicative} data-amount={amount}>
      {negative ? `- ${format(amount)}` : format(amount)}
    </span>
  );
}
