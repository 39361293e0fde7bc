import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { toSite, type ArrivingSite } from '../../api/sites';
import { initI18n } from '../../i18n';
import { cultureAtom, siteAtom } from '../../state';
import { HOEFSLAG_NL, WEIDEGROEN_DK } from '../../test/app';
import { AsyncView } from './AsyncView';
import { Deferred, HydrationDone, startHydration } from './Deferred';
import { OnlineStatus } from './OnlineStatus';
import { Price } from './Price';
import { progress } from './progress';

beforeAll(async () => {
  await initI18n('nl');
});

function withSite(ui: React.ReactNode, raw: ArrivingSite, culture: 'nl' | 'da' | 'sv' | 'pl' | 'en') {
  const store = createStore();
  store.set(siteAtom, toSite(raw));
  store.set(cultureAtom, culture);
  return render(<Provider store={store}>{ui}</Provider>);
}

describe('currency display through the engine', () => {
  it('shows euro amounts with the culture formatting of the engine', () => {
    withSite(<Price amount="1234.5" />, HOEFSLAG_NL, 'nl');
    const price = screen.getByText('€ 1234,50');
    expect(price).toHaveAttribute('data-currency', 'EUR');
    expect(price).toHaveAttribute('data-indicative', 'false');
  });

  it('converts euro to DKK at the site rate and marks it indicative', async () => {
    // 99.50 EUR x 7.46 = 742.27 DKK: never the euro number behind the krone sign.
    withSite(<Price amount="99.5" />, WEIDEGROEN_DK, 'da');
    const price = screen.getByText('ca. Kr. 742,27');
    expect(price).toHaveAttribute('data-currency', 'DKK');
    expect(price).toHaveAttribute('data-indicative', 'true');
  });

  it('groups digits in Swedish and Polish, as the engine does', () => {
    // 12,345.50 EUR x 11.20 = 138,269.60 SEK.
    withSite(<Price amount="12345.5" />, { ...HOEFSLAG_NL, currency: 'KR', exchangeRate: '11.20' }, 'sv');
    expect(screen.getByText('ca. KR 138\u00a0269,60', { normalizer: (text) => text })).toHaveAttribute('data-currency', 'SEK');
  });

  it('shows euro with the euro sign on a krone site that has no rate', () => {
    withSite(<Price amount="32.95" />, { ...WEIDEGROEN_DK, exchangeRate: null }, 'da');
    expect(screen.getByText('€ 32,95')).toHaveAttribute('data-indicative', 'false');
  });

  it('uses a decimal point in English', () => {
    withSite(<Price amount="7" />, HOEFSLAG_NL, 'en');
    expect(screen.getByText('€ 7.00')).toBeInTheDocument();
  });
});

describe('asynchronous views', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the pending view only after 200 ms, then the result', async () => {
    let resolve!: (value: string) => void;
    const promise = new Promise<string>((done) => (resolve = done));
    render(
      <AsyncView promise={promise} pending={<p>waiting</p>}>
        {(value) => <p>{value}</p>}
      </AsyncView>,
    );
    expect(screen.queryByText('waiting')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.queryByText('waiting')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => resolve('ready'));
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('shows the rejected view and marks the progress bar failed', async () => {
    const fail = vi.spyOn(progress, 'fail');
    const promise = Promise.reject(new Error('boom'));
    render(
      <AsyncView promise={promise} rejected={(error) => <p>{(error as Error).message}</p>}>
        {() => null}
      </AsyncView>,
    );
    await act(async () => undefined);
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(fail).toHaveBeenCalled();
    fail.mockRestore();
  });
});

describe('deferred rendering', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Lets React finish the update the trigger started. */
  const settle = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });

  const region = () => (
    <Deferred placeholder={<p>later</p>}>
      <p>live</p>
    </Deferred>
  );

  it('goes live after the idle time-out of 2000 ms', async () => {
    render(region());
    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryByText('live')).toBeNull();
    expect(screen.getByText('later')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(screen.getByText('live')).toBeInTheDocument();
  });

  it('goes live on the first interaction', async () => {
    render(region());
    await act(async () => {
      fireEvent.pointerDown(window);
    });
    await settle();
    expect(screen.getByText('live')).toBeInTheDocument();
  });

  it('goes live when it becomes visible', async () => {
    let notify: IntersectionObserverCallback = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(region());
    expect(screen.getByText('later')).toBeInTheDocument();
    await act(async () => notify([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await settle();
    expect(screen.getByText('live')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

describe('deferred regions of a server-rendered page', () => {
  it('keep the server’s HTML through hydration and hydrate it on the first click, which is not lost', async () => {
    const container = document.createElement('div');
    // As the server rendered it: the region live, in its suspense boundary's markers.
    container.innerHTML = '<div data-deferred=""><!--$--><button type="button">Meer reviews</button><!--/$--></div>';
    document.body.append(container);
    const serverButton = container.querySelector('button');
    const clicked = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startHydration();
    await act(async () => {
      hydrateRoot(
        container,
        <>
          <Deferred>
            <button type="button" onClick={clicked}>
              Meer reviews
            </button>
          </Deferred>
          <HydrationDone />
        </>,
      );
    });
    // Not live yet: the server's button is still there.
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => {
      fireEvent.pointerDown(serverButton as HTMLButtonElement);
      fireEvent.click(serverButton as HTMLButtonElement);
    });
    // Hydrated, not replaced, and the click arrived.
    expect(container.querySelector('button')).toBe(serverButton);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });
});

describe('offline and back-online notices', () => {
  it('follows the online and offline events', () => {
    vi.useFakeTimers();
    render(<OnlineStatus />);
    expect(screen.queryByTestId('online-status')).toBeNull();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('online-status')).toHaveTextContent('Je bent offline.');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByTestId('online-status')).toHaveTextContent('Je bent weer online.');
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByTestId('online-status')).toBeNull();
  });
});
