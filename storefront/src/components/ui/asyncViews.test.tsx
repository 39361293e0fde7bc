import { act, render, screen, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n } from '../../i18n';
import { json, mockApi } from '../../test/api';
import { accountRoutes } from '../../test/account';
import { renderApp } from '../../test/app';
import { AwaitView } from './AsyncView';
import { lazyPage } from './lazyPage';
import { progress, ProgressController } from './progress';
import { NavigationFailure, NavigationProgress } from './ProgressBar';

beforeAll(async () => {
  await initI18n('nl');
});

afterEach(() => vi.restoreAllMocks());

describe('awaited views (a loader’s deferred data)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the pending view only after 200 ms, then the result', async () => {
    vi.useFakeTimers();
    let resolve!: (value: string) => void;
    const promise = new Promise<string>((done) => (resolve = done));
    render(
      <AwaitView resolve={promise} pending={<p>waiting</p>}>
        {(value) => <p>{value}</p>}
      </AwaitView>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(screen.queryByText('waiting')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => resolve('ready'));
    expect(screen.getByText('ready')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('shows the rejected view with the error and marks the progress bar failed', async () => {
    const fail = vi.spyOn(progress, 'fail');
    const promise = Promise.reject(new Error('boom'));
    render(
      <AwaitView resolve={promise} rejected={(error) => <p>{(error as Error).message}</p>}>
        {() => <p>never</p>}
      </AwaitView>,
    );
    expect(await screen.findByText('boom')).toBeInTheDocument();
    expect(screen.queryByText('never')).toBeNull();
    await waitFor(() => expect(fail).toHaveBeenCalledTimes(1));
  });
});

describe('lazy pages', () => {
  afterEach(() => vi.useRealTimers());

  it('show the loading indicator only after the pending delay of 200 ms', async () => {
    vi.useFakeTimers();
    type PageModule = { default: () => React.ReactNode };
    let load!: (module: PageModule) => void;
    const Page = lazyPage('test.slowPage', () => new Promise<PageModule>((done) => (load = done)));
    render(<Page />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Bezig met laden…');
    await act(async () => load({ default: () => <p>the page</p> }));
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a failed navigation', () => {
  /** A shell with the bar, a working page and a page whose loader throws. */
  function shell(controller: ProgressController, initial: string) {
    return createMemoryRouter(
      [
        {
          element: (
            <>
              <NavigationProgress controller={controller} />
              <Outlet />
            </>
          ),
          hydrateFallbackElement: <p>starting</p>,
          children: [
            {
              errorElement: (
                <>
                  <NavigationFailure controller={controller} />
                  <p>failed</p>
                </>
              ),
              children: [
                { path: '/', element: <p>home</p> },
                {
                  path: '/broken',
                  loader: () => {
                    throw new Error('loader failed');
                  },
                  element: <p>never</p>,
                },
              ],
            },
          ],
        },
      ],
      { initialEntries: [initial] },
    );
  }

  it('turns the progress bar the failure colour', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const controller = new ProgressController();
    const router = shell(controller, '/');
    render(<RouterProvider router={router} />);
    await screen.findByText('home');
    expect(controller.getState().failed).toBe(false);
    await act(() => router.navigate('/broken'));
    await screen.findByText('failed');
    await waitFor(() => expect(controller.getState()).toMatchObject({ visible: true, percent: 100, failed: true }));
    expect(screen.getByTestId('progress-bar')).toHaveAttribute('data-failed', 'true');
  });

  it('shows the failure for a page that fails before the bar started, then hides it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const controller = new ProgressController();
    render(<RouterProvider router={shell(controller, '/broken')} />);
    await screen.findByText('failed');
    await waitFor(() => expect(controller.getState()).toMatchObject({ visible: true, failed: true }));
    await waitFor(() => expect(controller.getState()).toEqual({ visible: false, percent: 0, failed: false }));
  });

  it('is marked by the storefront’s routes (a look-up that fails)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi([...accountRoutes(), { url: `/api/routing/getbyurl?url=${encodeURIComponent('/kapot/')}`, respond: json({ status: 500 }, 500) }]);
    const fail = vi.spyOn(progress, 'fail');
    const { router } = await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    expect(fail).not.toHaveBeenCalled();
    await act(() => router.navigate('/kapot/'));
    await screen.findByTestId('page-internal-error');
    await waitFor(() => expect(fail).toHaveBeenCalledTimes(1));
  });
});
