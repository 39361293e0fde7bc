/**
 * Giving money back of a paid order, for a member who handles money (`orders.refund`): units of
 * the articles the engine says may still go back (and the shipping), or an amount, with a
 * reason. The engine's calculation (how much, how much onto the gift card, how much through
 * each payment) is shown in a confirmation before anything is refunded; a refusal shows at
 * the form.
 */
import { useId, useState, type FormEvent } from 'react';

import { previewRefund, refundOrder } from '../../api/backoffice';
import type { OrderForStaff, RefundAsked, RefundBody, RefundPreview } from '../../api/contract';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { Checkbox, FormMessage, TextInput } from '../../components/Field';
import { useToast } from '../../components/Toast';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { typedAmount } from '../../lib/format';
import { useConfirmedAction } from '../../lib/useConfirmedAction';
import styles from './Orders.module.css';

type Kind = RefundAsked['kind'];

export function RefundForm({ data, onChanged }: { data: OrderForStaff; onChanged: (order: OrderForStaff) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const kindName = useId();
  const mayReturnLines = data.refundableLines.length > 0 || data.shippingRefundable;
  const [kind, setKind] = useState<Kind>(mayReturnLines ? 'lines' : 'amount');
  const [units, setUnits] = useState<Record<number, string>>({});
  const [shipping, setShipping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<{ body: RefundBody; answer: RefundPreview } | null>(null);
  const number = data.order.orderNumber;

  const body = (): RefundBody => ({
    asked:
      kind === 'lines'
        ? {
            kind: 'lines',
            lines: data.refundableLines
              .map((line) => ({ lineNumber: line.lineNumber, quantity: Number(units[line.lineNumber] ?? 0) }))
              .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0),
            shipping,
          }
        : { kind: 'amount', amount: typedAmount(amount) },
    reason,
  });
  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const asked = body();
    try {
      setPreview({ body: asked, answer: await previewRefund(number, asked) });
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.show(errorMessage(failure), 'error');
    } finally {
      setBusy(false);
    }
  };
  const confirm = useConfirmedAction(async () => {
    if (!preview) return;
    const order = await refundOrder(number, preview.body);
    const made = order.refunds[order.refunds.length - 1];
    setPreview(null);
    setUnits({});
    setShipping(false);
    setAmount('');
    setReason('');
    onChanged(order);
    toast.show(t('order.refundDone', { creditNote: made?.creditNoteNumber ?? '' }));
  });
  const articles = new Map(data.order.lines.map((line) => [line.lineNumber, line.description]));

  return (
    <form className={styles.refund} onSubmit={(event) => void calculate(event)} aria-labelledby="order-refund" noValidate>
      <h3 id="order-refund">{t('order.refundTitle')}</h3>
      <p>{t('order.refundLeft', { amount: data.shown.leftToRefund })}</p>
      {mayReturnLines && (
        <fieldset className={styles.choice}>
          <legend>{t('order.refundKind')}</legend>
          {(['lines', 'amount'] as const).map((choice) => (
            <label key={choice}>
              <input type="radio" name={kindName} value={choice} checked={kind === choice} onChange={() => setKind(choice)} />{' '}
              {t(choice === 'lines' ? 'order.refundKindLines' : 'order.refundKindAmount')}
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'lines' ? (
        <>
          {data.refundableLines.map((line) => (
            <TextInput
              key={line.lineNumber}
              label={t('order.refundUnits', { article: articles.get(line.lineNumber) ?? String(line.lineNumber), max: line.quantity })}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.quantity}
              value={units[line.lineNumber] ?? ''}
              onChange={(event) => setUnits({ ...units, [line.lineNumber]: event.target.value })}
            />
          ))}
          {data.shippingRefundable && <Checkbox label={t('order.refundShipping')} checked={shipping} onChange={setShipping} />}
        </>
      ) : (
        <TextInput label={t('order.refundAmount')} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
      )}
      <FormMessage kind="error">{errors.asked}</FormMessage>
      <TextInput
        label={t('order.refundReason')}
        help={t('order.refundReasonHelp')}
        maxLength={500}
        autoComplete="off"
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        {t('order.refundCalculate')}
      </Button>
      {preview && (
        <ConfirmDialog
          question={t('order.refundQuestion', { amount: preview.answer.total, number })}
          details={<RefundDetails preview={preview.answer} />}
          confirmLabel={t('order.refundConfirm')}
          cancelLabel={t('order.refundKeep')}
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={confirm.onConfirm}
          onCancel={() => setPreview(null)}
        />
      )}
    </form>
  );
}

/** Where the money of a refund goes, as the engine computed it. */
function RefundDetails({ preview }: { preview: RefundPreview }) {
  const { t } = useTranslation();
  return (
    <>
      <ul>
        {preview.giftCard && <li>{t('order.refundToGiftCard', { amount: preview.giftCard })}</li>}
        {preview.plan.payments.map((part, index) => (
          <li key={part.paymentId}>{t('order.refundToPayment', { amount: preview.payments[index] ?? '', payment: part.paymentId })}</li>
        ))}
      </ul>
      <p>{t('order.refundCannotUndo')}</p>
    </>
  );
}
