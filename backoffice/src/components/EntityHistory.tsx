/**
 * An entity's history on its own screen: the newest entries of the audit trail about it (who,
 * when, which fields from what to what), with a link to all of them in the audit trail. Shown
 * only to a member whose role reads the trail.
 */
import { Link } from 'react-router';

import { listAudit } from '../api/backoffice';
import { currentLanguage, useTranslation } from '../i18n';
import { formatDateTime } from '../lib/format';
import { PATHS } from '../lib/paths';
import { can } from '../lib/permissions';
import { useSession } from '../lib/session';
import { useAsync } from '../lib/useAsync';
import styles from './EntityHistory.module.css';
import { EmptyState, ErrorState, Loading } from './States';

/** How many of the newest entries the screen shows. */
const SHOWN = 10;

export interface EntityHistoryProps {
  /** The audit trail's name of the kind of entity (`staff`, `order`, `variant`, …). */
  entityType: string;
  entityId: string;
}

export function EntityHistory(props: EntityHistoryProps) {
  const { me } = useSession();
  return can(me, 'audit.read') ? <History {...props} /> : null;
}

function History({ entityType, entityId }: EntityHistoryProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const entries = useAsync((signal) => listAudit({ entityType, entityId, sort: '-at', page: 1, pageSize: SHOWN }, signal), [entityType, entityId]);
  const state = entries.state;
  const none = t('common.none');
  const everything = `${PATHS.audit}?${new URLSearchParams({ entityType, entityId }).toString()}`;
  return (
    <section className={styles.history} aria-labelledby={`history-${entityType}-${entityId}`}>
      <h3 id={`history-${entityType}-${entityId}`}>{t('history.title')}</h3>
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <ErrorState error={state.error} onRetry={entries.reload} />}
      {state.status === 'loaded' && state.data.entries.length === 0 && <EmptyState>{t('history.empty')}</EmptyState>}
      {state.status === 'loaded' && state.data.entries.length > 0 && (
        <>
          <ol className={styles.entries}>
            {state.data.entries.map((entry) => (
              <li key={entry.entryId}>
                <span className={styles.when}>
                  {t('history.entry', { at: formatDateTime(entry.at, language), by: entry.actor.name, action: entry.action })}
                </span>
                {entry.changes.length > 0 && (
                  <ul>
                    {entry.changes.map((change) => (
                      <li key={change.field}>{t('audit.change', { field: change.field, before: change.before ?? none, after: change.after ?? none })}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {state.data.total > state.data.entries.length && <Link to={everything}>{t('history.all', { count: state.data.total })}</Link>}
        </>
      )}
    </section>
  );
}
