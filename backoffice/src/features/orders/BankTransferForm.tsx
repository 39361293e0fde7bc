/**
 * Registering a bank transfer received, for an order awaiting payment and a member who handles
 * money (`orders.refund`): the amount (the amount to pay to begin with) and the day it arrived.
 * Whether it settles the order is the server's (the engine's) decision; its refusal shows at
 * the field.
 */
import { useState, type FormEvent } from 'react';

import { registerBankTransfer } from '../../api/backoffice';
import type { OrderForStaff } from '../../api/contract';
import { Button } from '../../components/Button';
import { TextInput } from '../../components/Field';
import { useToast } from '../../components/Toast';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { typedAmount } from '../../lib/format';
import styles from './Orders.module.css';

/** Today in the member's time zone, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function BankTransferForm({ data, onChanged }: { data: OrderForStaff; onChanged: (order: OrderForStaff) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [amount, setAmount] = useState(data.order.amountToPay);
  const [receivedOn, setReceivedOn] = useState(today);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      onChanged(await registerBankTransfer(data.order.orderNumber, { amount: typedAmount(amount), receivedOn }));
      toast.show(t('order.transferRegistered'));
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.show(errorMessage(failure), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.actions} onSubmit={(event) => void submit(event)} aria-labelledby="order-transfer">
      <h3 id="order-transfer">{t('order.transferTitle')}</h3>
      <TextInput
        label={t('order.transferAmount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={errors.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextInput
        label={t('order.transferDay')}
        type="date"
        max={today()}
        value={receivedOn}
        error={errors.receivedOn}
        onChange={(event) => setReceivedOn(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        {t('order.transferRegister')}
      </Button>
    </form>
  );
}
