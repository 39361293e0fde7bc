/**
 * The captcha widget of a form (sign-in, registration, resend-confirmation; `lib/captcha.ts`):
 * nothing at all when the site has no captcha key (the server hands one out only while it
 * checks tokens), otherwise a labelled region where the service's widget appears. The script
 * is loaded after hydration, in an effect: nothing of it runs while rendering, on the server or
 * in the browser.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { attachCaptcha, loadCaptchaScript } from '../../lib/captcha';
import { siteAtom } from '../../state';
import { ErrorIcon } from './Form';
import styles from './Form.module.css';

export function Captcha() {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const siteKey = site?.captcha?.siteKey ?? '';
  const scriptUrl = site?.captcha?.scriptUrl ?? '';
  useEffect(() => {
    const element = container.current;
    if (!siteKey || !scriptUrl || !element) return undefined;
    let widgetId: string | number | undefined;
    let reset: () => void = () => undefined;
    const widget = attachCaptcha(() => reset());
    let gone = false;
    loadCaptchaScript(scriptUrl).then(
      (api) => {
        if (gone) return;
        widgetId = api.render(element, {
          sitekey: siteKey,
          callback: (token) => widget.setToken(token),
          'expired-callback': () => widget.setToken(''),
          'error-callback': () => widget.setToken(''),
        });
        reset = () => api.reset(widgetId);
      },
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      widget.detach();
    };
  }, [siteKey, scriptUrl]);
  if (!siteKey || !scriptUrl) return null;
  return (
    <div className={styles.field} role="group" aria-label={t('account.captcha.label')} data-testid="captcha">
      <div ref={container} data-testid="captcha-widget" />
      {failed && (
        <span className={styles.error} role="alert" data-testid="captcha-failed">
          <ErrorIcon />
          {t('account.captcha.unavailable')}
        </span>
      )}
    </div>
  );
}
