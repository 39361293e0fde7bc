import { useAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { fetchVatSplit } from '../../api/vat';
import { EngineError, splitVat, type VatSplit } from '../../engine';
import { amountAtom, rateAtom } from './state';

type ServerState = { kind: 'pending' } | { kind: 'done'; split: VatSplit } | { kind: 'failed'; status: number | undefined };

type BrowserState = { kind: 'done'; split: VatSplit } | { kind: 'failed'; code: string };

function useServerSplit(amount: string, rate: string): ServerState {
  const [state, setState] = useState<ServerState>({ kind: 'pending' });
  // Another amount or rate is pending again (state adjusted while rendering).
  const [asked, setAsked] = useState({ amount, rate });
  if (asked.amount !== amount || asked.rate !== rate) {
    setAsked({ amount, rate });
    setState({ kind: 'pending' });
  }
  useEffect(() => {
    const controller = new AbortController();
    fetchVatSplit({ amountInclVat: amount, vatRatePercentage: rate }, controller.signal)
      .then((split) => setState({ kind: 'done', split }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : undefined;
        setState({ kind: 'failed', status });
      });
    return () => controller.abort();
  }, [amount, rate]);
  return state;
}

function SplitFigures({ split, testId }: { split: VatSplit; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl data-testid={testId}>
      <dt>{t('vatPreview.amountExclVat')}</dt>
      <dd data-testid={`${testId}-excl`}>{split.amountExclVat}</dd>
      <dt>{t('vatPreview.vatAmount')}</dt>
      <dd data-testid={`${testId}-vat`}>{split.vatAmount}</dd>
    </dl>
  );
}

/**
 * The VAT split of an amount, computed instantly in the browser by the WASM engine and
 * confirmed by the server. A difference is shown as an error, never hidden.
 */
export function VatPreview() {
  const { t } = useTranslation();
  const [amount, setAmount] = useAtom(amountAtom);
  const [rate, setRate] = useAtom(rateAtom);
  const browser = useMemo((): BrowserState => {
    try {
      return { kind: 'done', split: splitVat({ amountInclVat: amount, vatRatePercentage: rate }) };
    } catch (error) {
      return { kind: 'failed', code: error instanceof EngineError ? error.code : 'unknown' };
    }
  }, [amount, rate]);
  const server = useServerSplit(amount, rate);
  const identical = browser.kind === 'done' && server.kind === 'done' && JSON.stringify(browser.split) === JSON.stringify(server.split);

  return (
    <section aria-labelledby="vat-preview-title">
      <h1 id="vat-preview-title">{t('vatPreview.title')}</h1>
      <form onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('vatPreview.amount')}
          <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>
        <label>
          {t('vatPreview.rate')}
          <input inputMode="decimal" value={rate} onChange={(event) => setRate(event.target.value)} />
        </label>
      </form>
      <h2>{t('vatPreview.browser')}</h2>
      {browser.kind === 'done' ? <SplitFigures split={browser.split} testId="vat-browser" /> : <p role="alert">{t('vatPreview.invalid')}</p>}
      <h2>{t('vatPreview.server')}</h2>
      {server.kind === 'pending' && <p aria-busy="true">{t('vatPreview.loading')}</p>}
      {server.kind === 'done' && <SplitFigures split={server.split} testId="vat-server" />}
      {server.kind === 'failed' && <p role="alert">{t('vatPreview.invalid')}</p>}
      {server.kind === 'done' && browser.kind === 'done' && (
        <p data-testid="vat-agreement" role={identical ? 'status' : 'alert'}>
          {identical ? t('vatPreview.identical') : t('vatPreview.mismatch')}
        </p>
      )}
    </section>
  );
}
