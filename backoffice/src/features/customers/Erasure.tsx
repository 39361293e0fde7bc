/**
 * Erasing a customer's personal data on their request (needs `customers.erase`): what goes and
 * what stays is said before the question, and the question asks once more, because it cannot be
 * undone. The server refuses while an order is being paid or fulfilled or a return is open; the
 * dialog then stays open with the reason.
 */
import { useState } from 'react';

import { eraseCustomer } from '../../api/backoffice';
import type { CustomerProfile } from '../../api/contract';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { can } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useConfirmedAction } from '../../lib/useConfirmedAction';
import panels from '../../components/Panels.module.css';

/** That and when the customer's data was erased; nothing for a live account. */
export function ErasedNotice({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation();
  if (customer.erasedAt == null) return null;
  return <p data-testid="erased-notice">{t('customer.erasedOn', { date: formatDateTime(customer.erasedAt, currentLanguage()) })}</p>;
}

/** The way to erase a live customer's data, for a member who may. */
export function Erasure({ customer, onErased }: { customer: CustomerProfile; onErased: () => void }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const [asking, setAsking] = useState(false);
  if (customer.erasedAt != null || !can(me, 'customers.erase')) return null;
  return (
    <section className={panels.section} aria-labelledby="customer-erasure">
      <h2 id="customer-erasure">{t('customer.erasure')}</h2>
      <p>{t('customer.erasureIntro')}</p>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t('customer.erase')}
      </Button>
      {asking && (
        <EraseDialog
          customer={customer}
          onErased={() => {
            setAsking(false);
            onErased();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}

function EraseDialog({ customer, onErased, onCancel }: { customer: CustomerProfile; onErased: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.emailAddress;
  const confirmation = useConfirmedAction(async () => {
    const report = await eraseCustomer(customer.accountId);
    toast.show(t('customer.erased', { name, count: report.ordersKept }));
    onErased();
  });
  return (
    <ConfirmDialog
      question={t('customer.eraseQuestion', { name })}
      details={
        <>
          <p>{t('customer.erasureGoes')}</p>
          <p>{t('customer.erasureStays')}</p>
          <p>
            <strong>{t('customer.erasureFinal')}</strong>
          </p>
        </>
      }
      confirmLabel={t('customer.eraseConfirm')}
      cancelLabel={t('common.cancel')}
      {...confirmation}
      onCancel={onCancel}
    />
  );
}
