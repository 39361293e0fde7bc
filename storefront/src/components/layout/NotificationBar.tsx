import { useAtomValue } from 'jotai';

import { notificationAtom } from '../../state';
import styles from './NotificationBar.module.css';

/** The notification bar slot above the header; the content API fills it later (notificationId). */
export function NotificationBar() {
  const message = useAtomValue(notificationAtom);
  if (!message) return null;
  return (
    <div className={styles.bar} role="status" data-testid="notification-bar">
      {message}
    </div>
  );
}
