/**
 * The refunds of an order: each one's amount, reason, who made it and when, where its money went
 * (each payment's part and what the provider said of it), and its credit note as a PDF.
 */
import { FileText } from 'lucide-react';

import { creditNotePdfUrl } from '../../api/backoffice';
import type { OrderForStaff } from '../../api/contract';
import filterStyles from '../../components/Filters.module.css';
import { currentLanguage, useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { REFUND_PART_STATUS_LABELS, REFUND_STATUS_LABELS } from '../../lib/labels';
import panels from '../../components/Panels.module.css';
import styles from './Orders.module.css';

export function OrderRefunds({ data }: { data: OrderForStaff }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <section className={panels.section} aria-labelledby="order-refunds">
      <h2 id="order-refunds">{t('order.refunds')}</h2>
      {data.refunds.length === 0 ? (
        <p>{t('order.noRefunds')}</p>
      ) : (
        <ul className={styles.timeline}>
          {data.refunds.map((refund, index) => (
            <li key={refund.refundId}>
              {t('order.refundLine', {
                amount: data.shown.refunds[index] ?? '',
                reason: refund.reason,
                who: refund.staffName,
                at: formatDateTime(refund.createdAt, language),
              })}
              {refund.status !== 'refunded' && <span className={filterStyles.muted}>{t(REFUND_STATUS_LABELS[refund.status])}</span>}
              {refund.payments.map((part) => (
                <span key={part.paymentId} className={filterStyles.muted}>
                  {t('order.refundPart', { payment: part.providerRefundId ?? part.paymentId, status: t(REFUND_PART_STATUS_LABELS[part.status]) })}
                </span>
              ))}
              {refund.creditNoteNumber && (
                <a href={creditNotePdfUrl(refund.creditNoteNumber)} download>
                  <FileText aria-hidden="true" size={16} /> {t('order.creditNote', { number: refund.creditNoteNumber })}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
