import { Link } from 'react-router';

import { useSiteLayout } from './siteLayout';
import styles from './NotificationBar.module.css';

/** The site's notification bar above the header (the layout's notification, when one is valid today). */
export function NotificationBar() {
  const notification = useSiteLayout()?.notification;
  if (!notification?.text) return null;
  return (
    <div className={styles.bar} data-style={notification.style} data-testid="notification-bar">
      {notification.url ? (
        <Link to={notification.url} className={styles.link}>
          {notification.text}
        </Link>
      ) : (
        notification.text
      )}
    </div>
  );
}
