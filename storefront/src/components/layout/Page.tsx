import { useEffect, type ReactNode } from 'react';

import { documentTitle } from '../../lib/text';
import { useSite } from '../../state';
import styles from './Page.module.css';

/** A page's frame: its heading, and the document title "<title> | <brand>". */
export function Page({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  const site = useSite();
  useEffect(() => {
    document.title = documentTitle(title, site.brandName);
  }, [title, site.brandName]);
  return (
    <article className={styles.page} data-testid={testId}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </article>
  );
}
