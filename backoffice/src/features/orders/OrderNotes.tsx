/** The staff's notes on an order, oldest first, and a form to add one (kept; a correction is a new note). */
import { useState, type FormEvent } from 'react';

import { addOrderNote } from '../../api/backoffice';
import type { OrderForStaff } from '../../api/contract';
import { Button } from '../../components/Button';
import filterStyles from '../../components/Filters.module.css';
import { Field } from '../../components/Field';
import { currentLanguage, useTranslation } from '../../i18n';
import { fieldErrors, errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import panels from '../../components/Panels.module.css';
import styles from './Orders.module.css';

export function OrderNotes({ data, onChanged }: { data: OrderForStaff; onChanged: (order: OrderForStaff) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await addOrderNote(data.order.orderNumber, { text }));
      setText('');
    } catch (failure) {
      setError(fieldErrors(failure).text ?? errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={panels.section} aria-labelledby="order-notes">
      <h2 id="order-notes">{t('order.notes')}</h2>
      {data.notes.length === 0 ? (
        <p>{t('order.noNotes')}</p>
      ) : (
        <ul className={styles.timeline}>
          {data.notes.map((note) => (
            <li key={note.noteId}>
              {note.text}
              <span className={filterStyles.muted}>{t('order.noteBy', { who: note.author, at: formatDateTime(note.at, language) })}</span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)}>
        <Field label={t('order.newNote')} error={error}>
          {(control) => (
            <textarea
              {...control}
              name="note"
              className={styles.note}
              rows={3}
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={busy} disabled={text.trim() === ''}>
          {t('order.addNote')}
        </Button>
      </form>
    </section>
  );
}
