/**
 * The captcha hook of sign-in, registration and resend-confirmation (specification section 7:
 * a `captcha` header). The site data has no captcha site key yet, so the token is empty and the
 * server (without `CAPTCHA_SECRET`) does not ask for one. A site with a key plugs its widget in
 * here.
 */
export function captchaToken(): Promise<string> {
  return Promise.resolve('');
}
