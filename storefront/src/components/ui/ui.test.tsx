import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { toSite, type ArrivingSite } from '../../api/sites';
import { initI18n } from '../../i18n';
import { cultureAtom, siteAtom } from '../../state';
import { HOEFSLAG_NL, WEIDEGROEN_DK } from '../../test/app';
import { AsyncView } from './AsyncView';
import { Deferred } from './Deferred';
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

  it('derives DKK from Kr. and marks it indicative', async () => {
    withSite(<Price amount="99.5" />, WEIDEGROEN_DK, 'da');
    const price = screen.getByText('ca. Kr. 99,50');
    expect(price).toHaveAttribute('data-currency', 'DKK');
    expect(price).toHaveAttribute('data-indicative', 'true');
  });

  it('groups digits in Swedish and Polish, as the engine does', () => {
    withSite(<Price amount="12345.5" />, { ...HOEFSLAG_NL, currency: 'KR' }, 'sv');
    expect(screen.getByText('ca. KR 12\u00a0345,50', { normalizer: (text) => text })).toHaveAttribute('data-currency', 'SEK');
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

  const region = () => (
    <Deferred placeholder={<p>later</p>}>
      <p>live</p>
    </Deferred>
  );

  it('goes live after the idle time-out of 2000 ms', () => {
    render(region());
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryByText('live')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('live')).toBeInTheDocument();
  });

  it('goes live on the first interaction', () => {
    render(region());
    fireEvent.pointerDown(window);
    expect(screen.getByText('live')).toBeInTheDocument();
  });

  it('goes live when it becomes visible', () => {
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
    act(() => notify([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('live')).toBeInTheDocument();
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
