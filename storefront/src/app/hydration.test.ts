import { data, isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../api/client';
import { dehydrateRouter, rehydrateRouter, scriptJson } from './hydration';

/** What the static handler's context holds for a route error thrown with `data(..., { status })`. */
async function routeErrorOf(status: number): Promise<unknown> {
  const { createStaticHandler } = await import('react-router');
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => {
        throw data({ lookupFailed: true }, { status });
      },
    },
  ]);
  const context = await handler.query(new Request('http://shop.example/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return context.errors?.root;
}

describe('the server-rendered page state', () => {
  it('carries loader data through JSON, with settled promises that Await renders at once', async () => {
    const state = await dehydrateRouter({
      loaderData: {
        home: { path: '/', count: 2 },
        'account.orders': { orders: Promise.resolve([{ id: 7 }]), failed: Promise.reject(new ApiError(503, 'down')) },
      },
      actionData: null,
      errors: null,
    });
    const revived = rehydrateRouter(JSON.parse(JSON.stringify(state)) as typeof state);
    expect(revived.loaderData?.home).toEqual({ path: '/', count: 2 });
    const orders = (revived.loaderData?.['account.orders'] as { orders: Promise<unknown>; failed: Promise<unknown> }).orders;
    expect(orders).toMatchObject({ _tracked: true, _data: [{ id: 7 }] });
    await expect(orders).resolves.toEqual([{ id: 7 }]);
    const failed = (revived.loaderData?.['account.orders'] as { failed: Promise<unknown> }).failed;
    const error = (failed as unknown as { _error: unknown })._error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).body).toBe('down');
    await expect(failed).rejects.toBe(error);
  });

  it('carries route errors and API errors as what they were', async () => {
    const state = await dehydrateRouter({
      loaderData: {},
      actionData: null,
      errors: { dynamic: await routeErrorOf(404), cart: new ApiError(500, { code: 'errors.unexpectedServer' }), other: new Error('boom') },
    });
    const revived = rehydrateRouter(JSON.parse(JSON.stringify(state)) as typeof state);
    const notFound: unknown = revived.errors?.dynamic;
    expect(isRouteErrorResponse(notFound)).toBe(true);
    expect(notFound).toMatchObject({ status: 404, data: { lookupFailed: true } });
    expect(revived.errors?.cart).toBeInstanceOf(ApiError);
    expect(revived.errors?.cart).toMatchObject({ status: 500, body: { code: 'errors.unexpectedServer' } });
    expect(revived.errors?.other).toEqual(new Error('boom'));
  });

  it('writes JSON that cannot end its script element', () => {
    expect(scriptJson({ text: '</script><!-- \u2028' })).toBe('{"text":"\\u003c/script>\\u003c!-- \\u2028"}');
    expect(JSON.parse(scriptJson({ text: '</script>' }))).toEqual({ text: '</script>' });
  });
});
