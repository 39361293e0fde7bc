/**
 * The mails about an order: which one, to whom and when, whether it left, and a button to send
 * it again (the customer lost it, or it could not be sent). The answer is the order with the
 * new mail last in the list.
 */
import { useState } from 'react';

import { resendOrderMail } from '../../api/backoffice';
import type { OrderForStaff, OrderMailSent } from '../../api/contract';
import { Button } from '../../components/Button';
import filterStyles from '../../components/Filters.module.css';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { ORDER_MAIL_KIND_LABELS } from '../../lib/labels';
import panels from '../../components/Panels.module.css';
import styles from './Orders.module.css';

export function OrderMails({ data, onChanged }: { data: OrderForStaff; onChanged: (order: OrderForStaff) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const sendAgain = async (mail: OrderMailSent) => {
    setBusy(mail.mailId);
    try {
      onChanged(await resendOrderMail(data.order.orderNumber, mail.mailId));
      toast.show(t('order.sentAgain'));
    } catch (failure) {
      toast.show(errorMessage(failure), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={panels.section} aria-labelledby="order-mails">
      <h2 id="order-mails">{t('order.mails')}</h2>
      {data.mails.length === 0 ? (
        <p>{t('order.noMails')}</p>
      ) : (
        <ul className={styles.timeline}>
          {data.mails.map((mail) => {
            const kind = t(ORDER_MAIL_KIND_LABELS[mail.kind]);
            return (
              <li key={mail.mailId}>
                {t('order.mailLine', { kind, recipient: mail.recipient, at: formatDateTime(mail.sentAt, language) })}
                {mail.reference && <span className={filterStyles.muted}>{mail.reference}</span>}
                {!mail.sent && <span className={filterStyles.muted}>{t('order.mailNotSent')}</span>}
                {mail.canSendAgain && (
                  <Button variant="secondary" busy={busy === mail.mailId} disabled={busy !== null} onClick={() => void sendAgain(mail)}>
                    {t('order.sendAgain', { kind })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
