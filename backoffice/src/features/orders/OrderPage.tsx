/**
 * One order for the order desk (needs `orders.read`): its lines and amounts as the engine
 * wrote them in the member's language, the customer, its payments with the provider's ids, its
 * statuses and the audit trail's entries. A member who may fulfil moves it on to the statuses
 * the engine allows (sent with its track-and-trace code); cancelling asks first and needs
 * `orders.refund` too. A member who handles money registers a bank transfer for an order that
 * awaits payment, and refunds a paid one (the refunds are listed with their credit notes).
 * Every mail about the order is listed and can be sent again.
 */
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { changeOrderStatus, getOrderForStaff } from '../../api/backoffice';
import type { OrderForStaff, OrderStatus } from '../../api/contract';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { TextInput } from '../../components/Field';
import { PageTitle } from '../../components/Page';
import { AsyncView } from '../../components/States';
import { useToast } from '../../components/Toast';
import filterStyles from '../../components/Filters.module.css';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../lib/labels';
import { PATHS } from '../../lib/paths';
import { can } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useAsync } from '../../lib/useAsync';
import { useConfirmedAction } from '../../lib/useConfirmedAction';
import { BankTransferForm } from './BankTransferForm';
import { OrderInvoices } from './OrderInvoices';
import { OrderMails } from './OrderMails';
import { OrderNotes } from './OrderNotes';
import { OrderRefunds } from './OrderRefunds';
import { RefundForm } from './RefundForm';
import panels from '../../components/Panels.module.css';
import styles from './Orders.module.css';

export function OrderPage() {
  const { t } = useTranslation();
  const { orderNumber = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const order = useAsync((signal) => getOrderForStaff(orderNumber, signal), [orderNumber]);
  // The answer of a change (a note, a transfer) is the order as it is now.
  const [latest, setLatest] = useState<OrderForStaff | null>(null);
  const [shownNumber, setShownNumber] = useState(orderNumber);
  if (shownNumber !== orderNumber) {
    setShownNumber(orderNumber);
    setLatest(null);
  }
  // Back to the list as it was (its filters are in the address of the page before), or to the
  // list when the order was opened directly.
  // (The first page of a visit has the key `default`.)
  const back = () => void (location.key === 'default' ? navigate(PATHS.orders) : navigate(-1));
  return (
    <>
      <PageTitle>{t('order.title', { number: orderNumber })}</PageTitle>
      <Button variant="link" icon={<ArrowLeft aria-hidden="true" size={18} />} onClick={back}>
        {t('order.back')}
      </Button>
      <AsyncView state={order.state} onRetry={order.reload}>
        {(data) => (
          <OrderDetails
            data={latest ?? data}
            onChanged={() => {
              setLatest(null);
              order.reload();
            }}
            onUpdated={setLatest}
          />
        )}
      </AsyncView>
    </>
  );
}

function OrderDetails({ data, onChanged, onUpdated }: { data: OrderForStaff; onChanged: () => void; onUpdated: (order: OrderForStaff) => void }) {
  const { me } = useSession();
  const { t } = useTranslation();
  const language = currentLanguage();
  const { order, shown } = data;
  const billing = order.billing;
  const address = billing?.address;
  const none = t('common.none');
  return (
    <>
      <p>{t('order.placed', { at: formatDateTime(order.orderDate, language), status: t(ORDER_STATUS_LABELS[order.status]) })}</p>
      <StatusActions data={data} onChanged={onChanged} />
      {data.awaitsPayment && can(me, 'orders.refund') && <BankTransferForm data={data} onChanged={onUpdated} />}
      {data.mayRefund && can(me, 'orders.refund') && <RefundForm data={data} onChanged={onUpdated} />}
      <div className={panels.sections}>
        <section className={panels.section} aria-labelledby="order-customer">
          <h2 id="order-customer">{t('order.customer')}</h2>
          <dl className={panels.facts}>
            <dt>{t('order.name')}</dt>
            <dd>{[billing?.firstName, billing?.lastName].filter(Boolean).join(' ') || none}</dd>
            <dt>{t('order.emailAddress')}</dt>
            <dd>{order.emailAddress || none}</dd>
            <dt>{t('order.phone')}</dt>
            <dd>{billing?.phoneNumber ?? none}</dd>
            <dt>{t('order.address')}</dt>
            <dd>
              {address
                ? [
                    [address.street, address.streetNumber, address.streetNumberAddition].filter(Boolean).join(' '),
                    [address.zipcode, address.city].filter(Boolean).join(' '),
                  ].join(', ')
                : none}
            </dd>
            <dt>{t('order.trackAndTrace')}</dt>
            <dd>{order.trackAndTrace ?? none}</dd>
          </dl>
        </section>
        <section className={panels.section} aria-labelledby="order-amounts">
          <h2 id="order-amounts">{t('order.amounts')}</h2>
          <dl className={panels.facts}>
            <dt>{t('order.subTotal')}</dt>
            <dd className={styles.amount}>{shown.subTotal}</dd>
            <dt>{t('order.shipping')}</dt>
            <dd className={styles.amount}>{shown.shippingCosts}</dd>
            <dt>{t('order.paymentCosts')}</dt>
            <dd className={styles.amount}>{shown.paymentCosts}</dd>
            {data.vatRows.map((row, index) => (
              <Fact key={row.vatType} term={t('order.vat', { rate: row.vatRatePercentage })} value={shown.vatRows[index] ?? ''} />
            ))}
            <dt>{t('order.giftCard')}</dt>
            <dd className={styles.amount}>{shown.giftCard}</dd>
            <dt>{t('order.total')}</dt>
            <dd className={styles.amount}>
              <strong>{shown.total}</strong>
            </dd>
            <dt>{t('order.amountToPay')}</dt>
            <dd className={styles.amount}>{shown.amountToPay}</dd>
          </dl>
        </section>
      </div>
      <h2>{t('order.lines')}</h2>
      <div className={panels.section}>
        <table>
          <caption className="visually-hidden">{t('order.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('order.article')}</th>
              <th scope="col">{t('order.quantity')}</th>
              <th scope="col">{t('order.unitPrice')}</th>
              <th scope="col">{t('order.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={line.lineNumber}>
                <td>
                  {line.description}
                  {line.isFree && <span className={filterStyles.muted}>{t('order.free')}</span>}
                  {line.promotionKey && <span className={filterStyles.muted}>{t('order.promotion', { key: line.promotionKey })}</span>}
                </td>
                <td>{line.quantity}</td>
                <td className={styles.amount}>{shown.lines[index]?.unitPrice}</td>
                <td className={styles.amount}>{shown.lines[index]?.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={panels.sections}>
        <section className={panels.section} aria-labelledby="order-payments">
          <h2 id="order-payments">{t('order.payments')}</h2>
          {data.payments.length === 0 ? (
            <p>{t('order.noPayments')}</p>
          ) : (
            <ul className={styles.timeline}>
              {data.payments.map((payment, index) => (
                <li key={payment.paymentId}>
                  {t('order.paymentLine', {
                    amount: shown.payments[index] ?? '',
                    status: t(PAYMENT_STATUS_LABELS[payment.status]),
                    at: formatDateTime(payment.createdAt, language),
                  })}
                  <span className={filterStyles.muted}>
                    {payment.provider} · {payment.paymentId}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <OrderInvoices data={data} />
        <OrderRefunds data={data} />
        <OrderMails data={data} onChanged={onUpdated} />
        <OrderNotes data={data} onChanged={onUpdated} />
        <section className={panels.section} aria-labelledby="order-history">
          <h2 id="order-history">{t('order.history')}</h2>
          <ol className={styles.timeline}>
            {data.history.map((change) => (
              <li key={`${change.status}-${change.at}`}>
                {t('order.statusSince', { status: t(ORDER_STATUS_LABELS[change.status]), at: formatDateTime(change.at, language) })}
              </li>
            ))}
            {data.trail.map((entry) => (
              <li key={entry.entryId}>
                {t('order.trailLine', { who: entry.actor.name, action: entry.action, at: formatDateTime(entry.at, language) })}
                {entry.changes.map((change) => (
                  <span key={change.field} className={filterStyles.muted}>
                    {t('audit.change', { field: change.field, before: change.before ?? none, after: change.after ?? none })}
                  </span>
                ))}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={styles.amount}>{value}</dd>
    </>
  );
}

/** The moves the engine allows now, for a member who may make them. */
function StatusActions({ data, onChanged }: { data: OrderForStaff; onChanged: () => void }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const number = data.order.orderNumber;
  const move = async (status: OrderStatus, trackAndTrace?: string) => {
    await changeOrderStatus(number, status, trackAndTrace);
    toast.show(t('order.moved', { status: t(ORDER_STATUS_LABELS[status]) }));
    onChanged();
  };
  const cancel = useConfirmedAction(async () => {
    await move('cancelled');
    setCancelling(false);
  });
  if (!can(me, 'orders.fulfil')) return null;
  const moves = data.nextStatuses.filter((status) => status !== 'cancelled');
  const mayCancel = data.nextStatuses.includes('cancelled') && can(me, 'orders.refund');
  if (moves.length === 0 && !mayCancel) return null;
  const submit = async (event: FormEvent, status: OrderStatus) => {
    event.preventDefault();
    setBusy(true);
    try {
      await move(status, status === 'sent' ? code.trim() || undefined : undefined);
    } catch (failure) {
      toast.show(errorMessage(failure), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="order-actions">
      <h2 id="order-actions">{t('order.actions')}</h2>
      <div className={styles.actions}>
        {moves.map((status) => (
          <form key={status} className={styles.actions} onSubmit={(event) => void submit(event, status)}>
            {status === 'sent' && (
              <TextInput label={t('order.trackAndTrace')} maxLength={50} autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
            )}
            <Button type="submit" busy={busy}>
              {t('order.moveTo', { status: t(ORDER_STATUS_LABELS[status]) })}
            </Button>
          </form>
        ))}
        {mayCancel && (
          <Button variant="danger" onClick={() => setCancelling(true)}>
            {t('order.cancel')}
          </Button>
        )}
      </div>
      {cancelling && (
        <ConfirmDialog
          question={t('order.cancelQuestion', { number })}
          details={t('order.cancelDetails')}
          confirmLabel={t('order.cancel')}
          cancelLabel={t('order.keep')}
          busy={cancel.busy}
          error={cancel.error}
          onConfirm={cancel.onConfirm}
          onCancel={() => setCancelling(false)}
        />
      )}
    </section>
  );
}
