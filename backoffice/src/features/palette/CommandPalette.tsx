/**
 * The command palette: Ctrl+K (⌘K on a Mac) or the header's search button opens a dialog with
 * a search box; the answers of `GET /api/backoffice/search?q=` (orders, customers, products,
 * samples) are a list chosen with the arrow keys and opened with Enter (or a click), which
 * goes to the result's path in the app. It is a combobox: the focus stays in the box and the
 * chosen result is its active descendant.
 */
import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router';

import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n';
import { appPath } from '../../lib/paths';
import { paletteShortcut } from '../../lib/platform';
import styles from './Palette.module.css';
import { PaletteSearch } from './PaletteSearch';

/** Whether a key press is the palette's shortcut. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

export function CommandPalette() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isPaletteShortcut(event)) return;
    // The browser's own Ctrl+K (its address bar search) gives way inside the app.
    event.preventDefault();
    setOpen(true);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  const go = (path: string) => {
    setOpen(false);
    void navigate(appPath(path));
  };
  return (
    <>
      <button type="button" className={styles.trigger} onClick={() => setOpen(true)} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K">
        <Search aria-hidden="true" size={20} />
        {t('palette.open')}
        <kbd className={styles.shortcut} aria-hidden="true">
          {paletteShortcut()}
        </kbd>
      </button>
      {open && (
        <Dialog title={t('palette.title')} onClose={() => setOpen(false)}>
          <PaletteSearch onChoose={go} />
        </Dialog>
      )}
    </>
  );
}
