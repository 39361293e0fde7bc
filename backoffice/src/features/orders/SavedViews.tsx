/**
 * The order desk's saved views: choose one to show the queue as it was saved, save the filters
 * shown now under a name (for oneself, or shared with every member), and delete a view one saved
 * (after a confirmation). A view is the list's query string, without its page.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { deleteOrderView, listOrderViews, saveOrderView } from '../../api/backoffice';
import type { SavedOrderView } from '../../api/contract';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { Checkbox, Select, TextInput } from '../../components/Field';
import filterStyles from '../../components/Filters.module.css';
import { useToast } from '../../components/Toast';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { PATHS } from '../../lib/paths';
import { useAsync } from '../../lib/useAsync';
import { useConfirmedAction } from '../../lib/useConfirmedAction';
import styles from './Orders.module.css';

export function SavedViews({ query }: { query: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const views = useAsync((signal) => listOrderViews(signal), []);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<SavedOrderView | null>(null);
  const list = views.state.status === 'loaded' ? views.state.data.views : [];
  const current = list.find((view) => view.query === query);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    try {
      await saveOrderView({ name, query, shared });
      setName('');
      setShared(false);
      views.reload();
      toast.show(t('orders.viewSaved'));
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.name) setNameError(fields.name);
      else toast.show(errorMessage(failure), 'error');
    }
  };
  const remove = useConfirmedAction(async () => {
    if (!deleting) return;
    await deleteOrderView(deleting.viewId);
    setDeleting(null);
    views.reload();
    toast.show(t('orders.viewDeleted'));
  });
  const label = (view: SavedOrderView) => (view.shared ? t('orders.sharedView', { name: view.name }) : view.name);

  return (
    <section className={styles.views} aria-label={t('orders.views')}>
      <Select
        label={t('orders.views')}
        value={current ? String(current.viewId) : ''}
        options={[{ value: '', label: t('orders.chooseView') }, ...list.map((view) => ({ value: String(view.viewId), label: label(view) }))]}
        onChange={(event) => {
          const chosen = list.find((view) => String(view.viewId) === event.target.value);
          if (chosen) void navigate(`${PATHS.orders}${chosen.query ? `?${chosen.query}` : ''}`);
        }}
      />
      {current?.mine && (
        <Button variant="secondary" size="small" onClick={() => setDeleting(current)}>
          {t('orders.deleteView', { name: current.name })}
        </Button>
      )}
      {!current && (
        <form className={filterStyles.filters} onSubmit={(event) => void save(event)} aria-label={t('orders.saveView')}>
          <TextInput
            label={t('orders.viewName')}
            maxLength={60}
            autoComplete="off"
            value={name}
            error={nameError}
            onChange={(event) => setName(event.target.value)}
          />
          <Checkbox label={t('orders.shareView')} checked={shared} onChange={setShared} />
          <div className={filterStyles.filterButtons}>
            <Button type="submit" variant="secondary">
              {t('orders.saveView')}
            </Button>
          </div>
        </form>
      )}
      {deleting && (
        <ConfirmDialog
          question={t('orders.deleteViewQuestion', { name: deleting.name })}
          confirmLabel={t('orders.deleteView', { name: deleting.name })}
          cancelLabel={t('orders.keepView')}
          busy={remove.busy}
          error={remove.error}
          onConfirm={remove.onConfirm}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
