import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n } from '../../i18n';
import { VatPreview } from './VatPreview';

function serverAnswers(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== '/api/vat/split') throw new Error(`unexpected request to ${url}`);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

describe('VatPreview', () => {
  beforeAll(async () => {
    await initI18n('nl');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the browser split at once and the server split when it arrives', async () => {
    serverAnswers({ amountInclVat: '24.95', amountExclVat: '20.62', vatAmount: '4.33', vatRatePercentage: '21' });
    render(
      <Provider>
        <VatPreview />
      </Provider>,
    );
    expect(screen.getByTestId('vat-browser-excl')).toHaveTextContent('20.62');
    expect(screen.getByTestId('vat-browser-vat')).toHaveTextContent('4.33');
    expect(await screen.findByTestId('vat-server-vat')).toHaveTextContent('4.33');
    expect(screen.getByTestId('vat-agreement')).toHaveAttribute('role', 'status');
  });

  it('shows a disagreement with the server as an alert', async () => {
    serverAnswers({ amountInclVat: '24.95', amountExclVat: '20.63', vatAmount: '4.32', vatRatePercentage: '21' });
    render(
      <Provider>
        <VatPreview />
      </Provider>,
    );
    expect(await screen.findByTestId('vat-server-vat')).toHaveTextContent('4.32');
    expect(screen.getByTestId('vat-agreement')).toHaveAttribute('role', 'alert');
  });
});
