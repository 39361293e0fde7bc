/** The order's invoices, newest first: number, day and status, each with its PDF. */
import { FileText } from 'lucide-react';

import { invoicePdfUrl } from '../../api/backoffice';
import type { OrderForStaff } from '../../api/contract';
import { useTranslation } from '../../i18n';
import { INVOICE_STATUS_LABELS } from '../../lib/labels';
import panels from '../../components/Panels.module.css';
import styles from './Orders.module.css';

export function OrderInvoices({ data }: { data: OrderForStaff }) {
  const { t } = useTranslation();
  return (
    <section className={panels.section} aria-labelledby="order-invoices">
      <h2 id="order-invoices">{t('order.invoices')}</h2>
      {data.invoices.length === 0 ? (
        <p>{t('order.noInvoices')}</p>
      ) : (
        <ul className={styles.timeline}>
          {data.invoices.map((invoice) => (
            <li key={invoice.invoiceNumber}>
              <a href={invoicePdfUrl(invoice.invoiceNumber)} download>
                <FileText aria-hidden="true" size={16} />{' '}
                {t('order.invoiceLine', { number: invoice.invoiceNumber, day: invoice.invoiceDate, status: t(INVOICE_STATUS_LABELS[invoice.status]) })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
