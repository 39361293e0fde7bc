import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi, noContent } from '../test/api';
import { endMySession, getMe, listAudit, signIn } from './backoffice';
import { ApiError, setSignInRequiredHandler, withQuery } from './client';

describe('the API client', () => {
  it('sends the session cookie and asks for JSON on a GET, without a body', async () => {
    const requests = mockApi([{ url: '/api/backoffice/audit?sort=-at&page=1&pageSize=50', respond: { entries: [], total: 0 } }]);
    await listAudit({ actor: '', sort: '-at', page: 1, pageSize: 50 });
    expect(requests[0]).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    expect(requests[0]?.headers['content-type']).toBeUndefined();
    expect(requests[0]?.headers.accept).toBe('application/json');
  });

  it('sends JSON with its content type on every change, {} when there is nothing to send', async () => {
    const requests = mockApi([
      { method: 'POST', url: '/api/backoffice/signin', respond: { challenge: 'c1', expiresAt: 1 } },
      { method: 'DELETE', url: '/api/backoffice/me/sessions/s%201', respond: noContent() },
    ]);
    await signIn({ emailAddress: 'a@b.nl', password: 'secret' });
    await endMySession('s 1');
    expect(requests.map((request) => [request.method, request.headers['content-type'], request.body, request.credentials])).toEqual([
      ['POST', 'application/json', { emailAddress: 'a@b.nl', password: 'secret' }, 'same-origin'],
      ['DELETE', 'application/json', {}, 'same-origin'],
    ]);
  });

  it("raises the API's error body", async () => {
    mockApi([{ method: 'POST', url: '/api/backoffice/signin', respond: apiError(429, 'errors.tooManyAttempts') }]);
    const error = await signIn({ emailAddress: 'a@b.nl', password: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'errors.tooManyAttempts' });
  });

  it('makes up an error body for an answer that has none (a proxy page)', async () => {
    mockApi([{ url: '/api/backoffice/me/signins', respond: new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }) }]);
    const { listMySignIns } = await import('./backoffice');
    await expect(listMySignIns()).rejects.toMatchObject({ status: 502, code: 'errors.unexpected' });
  });

  it('reports an ended session, except where a 401 is the answer asked for', async () => {
    const ended = vi.fn();
    setSignInRequiredHandler(ended);
    mockApi([
      { url: '/api/backoffice/me', respond: apiError(401, 'errors.staffSignInRequired') },
      { url: /^\/api\/backoffice\/audit/, respond: apiError(401, 'errors.staffSignInRequired') },
    ]);
    await expect(getMe()).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
    await expect(listAudit({})).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    setSignInRequiredHandler(() => undefined);
  });

  it('leaves empty query values out', () => {
    expect(withQuery('/x', { a: '', b: undefined, c: 0, d: 'é f' })).toBe('/x?c=0&d=%C3%A9%20f');
  });
});
