/** Copies a text to the clipboard and says so (or that it failed) in a live region. */
import { Copy } from 'lucide-react';
import { useState } from 'react';

import { useTranslation } from '../i18n';
import { copyText } from '../lib/files';
import { Button } from './Button';
import styles from './Form.module.css';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => setResult((await copyText(text)) ? 'copied' : 'failed');
  return (
    <span className={styles.actions}>
      <Button variant="secondary" size="small" icon={<Copy aria-hidden="true" size={18} />} onClick={() => void copy()}>
        {label ?? t('common.copy')}
      </Button>
      <span role="status" className={result === 'failed' ? styles.error : undefined}>
        {result === 'copied' ? t('common.copied') : result === 'failed' ? t('common.copyFailed') : null}
      </span>
    </span>
  );
}
