/**
 * The captcha of sign-in, registration and resend-confirmation (a `captcha` header, with the
 * site's captcha key).
 *
 * The server hands out the site's key and the widget's script only while it checks tokens
 * (`CAPTCHA_VERIFY_URL`, host-server's `captcha.rs`): without them no widget is shown, no script
 * of a third party is loaded, and the token is empty. With them, the `Captcha` component
 * (`components/ui/Captcha.tsx`) loads the script once, renders the widget explicitly and hands
 * its token here; `captchaToken()` gives it to the call. The widget API is Cloudflare
 * Turnstile's explicit rendering, which hCaptcha and reCAPTCHA share:
 * `render(container, { sitekey, callback, 'expired-callback' })` and `reset(widgetId)`.
 */

/** What the three widget scripts offer on their global object. */
export interface CaptchaApi {
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback'?: () => void },
  ) => string | number | undefined;
  reset: (widgetId?: string | number) => void;
}

/** The name of the global function the widget script calls once it is ready. */
export const CAPTCHA_ONLOAD = 'hoofbeatCaptchaLoaded';

type CaptchaWindow = Window & {
  turnstile?: CaptchaApi;
  hcaptcha?: CaptchaApi;
  grecaptcha?: CaptchaApi;
  [CAPTCHA_ONLOAD]?: () => void;
};

/** The widget on the page: its current token and how to ask it for a new one. */
interface ShownWidget {
  token: string;
  reset: () => void;
}

let shown: ShownWidget | null = null;
let loading: Promise<CaptchaApi> | null = null;

/** The address of the widget script with explicit rendering and the ready callback. */
export function captchaScriptSrc(scriptUrl: string): string {
  const url = new URL(scriptUrl);
  url.searchParams.set('render', 'explicit');
  url.searchParams.set('onload', CAPTCHA_ONLOAD);
  return url.toString();
}

function globalApi(): CaptchaApi | undefined {
  const scope = window as CaptchaWindow;
  return scope.turnstile ?? scope.hcaptcha ?? scope.grecaptcha;
}

/** Loads the widget script once (browser only); resolves with its API when it is ready. */
export function loadCaptchaScript(scriptUrl: string): Promise<CaptchaApi> {
  const ready = globalApi();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<CaptchaApi>((resolve, reject) => {
    const scope = window as CaptchaWindow;
    scope[CAPTCHA_ONLOAD] = () => {
      const api = globalApi();
      if (api) resolve(api);
      else reject(new Error('the captcha script has no widget API'));
    };
    const script = document.createElement('script');
    script.src = captchaScriptSrc(scriptUrl);
    script.async = true;
    script.dataset.captcha = 'true';
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('the captcha script could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Called by the widget: it is on the page; answers how it reports tokens and leaves. */
export function attachCaptcha(reset: () => void): { setToken: (token: string) => void; detach: () => void } {
  const widget: ShownWidget = { token: '', reset };
  shown = widget;
  return {
    setToken: (token) => {
      widget.token = token;
    },
    detach: () => {
      if (shown === widget) shown = null;
    },
  };
}

/**
 * The token for the next call: the shown widget's (a token is good for one call, so the widget
 * is reset for the next), or empty when the site shows no captcha.
 */
export function captchaToken(): Promise<string> {
  if (!shown) return Promise.resolve('');
  const { token } = shown;
  shown.token = '';
  if (token !== '') shown.reset();
  return Promise.resolve(token);
}

/** True for the server's refusal of a missing or wrong token. */
export function isCaptchaProblem(code: string | null): boolean {
  return code === 'errors.captcha';
}

/** Forgets the loaded script (tests). */
export function resetCaptchaForTests(): void {
  shown = null;
  loading = null;
}
