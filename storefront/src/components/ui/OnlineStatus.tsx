import { useEffect, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import styles from './OnlineStatus.module.css';

export const BACK_ONLINE_VISIBLE_MS = 4000;

/** An offline notice while the browser is offline, and a short back-online notice after. */
export function OnlineStatus() {
  const { t } = useTranslation();
  const [state, setState] = useState<'online' | 'offline' | 'back'>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online',
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const online = () => {
      setState('back');
      timer = setTimeout(() => setState('online'), BACK_ONLINE_VISIBLE_MS);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  if (state === 'online') return null;
  return (
    <p className={state === 'offline' ? styles.offline : styles.back} role="status" data-testid="online-status">
      {state === 'offline' ? t('errors.offline') : t('errors.backOnline')}
    </p>
  );
}
