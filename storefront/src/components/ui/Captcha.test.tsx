import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toSite } from '../../api/sites';
import { CAPTCHA_ONLOAD, captchaScriptSrc, resetCaptchaForTests, type CaptchaApi } from '../../lib/captcha';
import { JAN } from '../../test/account';
import { json, mockApi, type MockRoute } from '../../test/api';
import { HOEFSLAG_NL, renderApp } from '../../test/app';

const anonymous: MockRoute = { method: 'POST', url: '/api/authentication/isauthenticated', respond: false };
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const SCRIPT = 'https://captcha.example/v0/api.js';
const withCaptcha = () => toSite({ ...HOEFSLAG_NL, captchaSiteKey: 'site-key-1', captchaScriptUrl: SCRIPT });

/** The widget's script tag, once the widget's effect has added it (effects run after the form shows). */
const scriptTag = () =>
  waitFor(() => {
    const script = document.head.querySelector<HTMLScriptElement>('script[data-captcha]');
    expect(script).not.toBeNull();
    return script as HTMLScriptElement;
  });

type CaptchaWindow = Window & { turnstile?: CaptchaApi; [CAPTCHA_ONLOAD]?: () => void };

/** The service's script as the widget would find it once loaded: a stand-in, no third party. */
function standIn() {
  const solved: { callback?: (token: string) => void; container?: HTMLElement; sitekey?: string } = {};
  const api: CaptchaApi = {
    render: vi.fn((container: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => {
      solved.container = container;
      solved.sitekey = options.sitekey;
      solved.callback = options.callback;
      return 'widget-1';
    }),
    reset: vi.fn(),
  };
  return { api, solved };
}

afterEach(() => {
  const scope = window as CaptchaWindow;
  delete scope.turnstile;
  delete scope[CAPTCHA_ONLOAD];
  document.head.querySelectorAll('script[data-captcha]').forEach((script) => script.remove());
  resetCaptchaForTests();
});

describe('captcha', () => {
  it('a site without a key shows nothing, loads no script and sends an empty token', async () => {
    const requests = mockApi([anonymous, { method: 'POST', url: /^\/api\/account\/resendconfirmation\?/, respond: new Response(null, { status: 204 }) }]);
    await renderApp('/account/resend-confirmation/');
    await screen.findByTestId('resend-form');
    expect(screen.queryByTestId('captcha')).toBeNull();
    type('E-mailadres', 'lotte.visser@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    await screen.findByText(/we de activatiemail opnieuw verstuurd/);
    expect(document.head.querySelector('script[data-captcha]')).toBeNull();
    expect(requests.find((request) => request.url.startsWith('/api/account/resendconfirmation'))?.headers).toMatchObject({ captcha: '' });
  });

  it('the script address asks for explicit rendering and the ready callback', () => {
    expect(captchaScriptSrc(SCRIPT)).toBe('https://captcha.example/v0/api.js?render=explicit&onload=hoofbeatCaptchaLoaded');
  });

  it('with a key: the widget’s token goes with the registration, and the widget is reset for the next try', async () => {
    const requests = mockApi([anonymous, { method: 'POST', url: /^\/api\/account\?callbackUrl=/, respond: json({ ...JAN, userId: 'u-9' }, 201) }]);
    await renderApp('/account/register/', { site: withCaptcha() });
    await screen.findByTestId('register-form');
    expect(screen.getByRole('group', { name: 'Beveiligingscontrole' })).toBeInTheDocument();
    const script = await scriptTag();
    expect(script.src).toBe('https://captcha.example/v0/api.js?render=explicit&onload=hoofbeatCaptchaLoaded');
    // The service's script arrives and calls back; the widget renders with the site's key.
    const { api, solved } = standIn();
    act(() => {
      (window as CaptchaWindow).turnstile = api;
      (window as CaptchaWindow)[CAPTCHA_ONLOAD]?.();
    });
    await waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    expect(solved.sitekey).toBe('site-key-1');
    expect(solved.container).toBe(screen.getByTestId('captcha-widget'));
    act(() => solved.callback?.('token-abc'));
    type('Voornaam', 'Roos');
    type('Achternaam', 'Hoefijzer');
    type('E-mailadres', 'roos@example.com');
    type(/^Wachtwoord/, 'Stalvoer2026');
    type('Herhaal wachtwoord', 'Stalvoer2026');
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    await screen.findByTestId('register-done');
    const sent = requests.find((request) => request.method === 'POST' && request.url.startsWith('/api/account?'));
    expect(sent?.headers).toMatchObject({ captcha: 'token-abc' });
    expect(api.reset).toHaveBeenCalledWith('widget-1');
  });

  it('with a key: a refused token says what to do, and sign-in carries the token', async () => {
    const requests = mockApi([
      anonymous,
      { method: 'POST', url: '/api/authentication/signin', respond: json({ status: 400, code: 'errors.captcha', message: 'The captcha was not solved' }, 400) },
    ]);
    await renderApp('/account/login/', { site: withCaptcha() });
    await screen.findByTestId('login-form');
    const { api, solved } = standIn();
    act(() => {
      (window as CaptchaWindow).turnstile = api;
      (window as CaptchaWindow)[CAPTCHA_ONLOAD]?.();
    });
    await waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    act(() => solved.callback?.('token-xyz'));
    type('E-mailadres', 'jan.devries@example.com');
    type('Wachtwoord', 'Hoefslag2024');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Bevestig met de beveiligingscontrole dat je geen robot bent');
    expect(requests.find((request) => request.url === '/api/authentication/signin')?.headers).toMatchObject({ captcha: 'token-xyz' });
  });

  it('a script that cannot load says so', async () => {
    mockApi([anonymous]);
    await renderApp('/account/login/', { site: withCaptcha() });
    await screen.findByTestId('login-form');
    const script = await scriptTag();
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByTestId('captcha-failed')).toHaveTextContent('De beveiligingscontrole kan nu niet worden geladen.');
  });
});
