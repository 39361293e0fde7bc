/**
 * One subscription of the account's subscriptions page: its facts, the interval form and the
 * actions the server allows. A change that moves or stops deliveries (pause, resume, a new
 * interval, closing) is asked first, saying what will happen; afterwards the message says
 * what did: deliveries stopped, or the next delivery date the server planned.
 */
import { useRef, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { formStyles, FormField, FormMessage } from '../../components/ui/Form';
import { subscriptionIntervalLimits } from '../../engine';
import { serverErrors } from '../../lib/apiErrors';
import { accountApi, type Subscription } from './api';
import { dateText, StatusLabel, styles } from './ui';

/** A change that is asked first: the actions that move or stop deliveries, and a new interval. */
type AskedChange = { kind: 'pause' | 'resume' | 'close' } | { kind: 'interval'; weeks: number };

type Message = { kind: 'success' | 'error'; lines: string[] };

export function SubscriptionItem({ initial }: { initial: Subscription }) {
  const { t } = useTranslation();
  const [subscription, setSubscription] = useState(initial);
  const [interval, setInterval] = useState(String(initial.intervalWeeks));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  // The change asked about, and the button that asked (it gets the focus back afterwards).
  const [asked, setAsked] = useState<{ change: AskedChange; opener: HTMLElement | null } | null>(null);
  const intervalButton = useRef<HTMLButtonElement>(null);
  const id = subscription.subscriptionId;

  /** What the message says after a change, from the server's answer. */
  const doneLines = (change: AskedChange['kind'] | 'activate', changed: Subscription): string[] => {
    if (change === 'pause') return [t('account.subscriptions.done.paused')];
    if (change === 'close') return [t('account.subscriptions.done.closed')];
    const next = changed.nextDeliveryDate ? dateText(changed.nextDeliveryDate) : '';
    return [t('success.subscriptionsChanged'), ...(next ? [t('account.subscriptions.done.nextDelivery', { date: next })] : [])];
  };

  const run = async (change: AskedChange['kind'] | 'activate', work: () => Promise<Subscription>) => {
    setBusy(true);
    setMessage(null);
    try {
      const changed = await work();
      setSubscription(changed);
      setInterval(String(changed.intervalWeeks));
      setMessage({ kind: 'success', lines: doneLines(change, changed) });
    } catch (problem) {
      const errors = serverErrors(problem, t);
      setMessage({ kind: 'error', lines: [errors._ ?? Object.values(errors)[0] ?? t('errors.generic')] });
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  const confirm = (change: AskedChange) =>
    void run(change.kind, () =>
      change.kind === 'interval' ? accountApi.subscriptionInterval(id, change.weeks) : accountApi.subscriptionAction(id, change.kind),
    );

  const askInterval = () => {
    const weeks = Number(interval);
    // A value that is no number of weeks moves nothing: the server's refusal says what is wrong.
    if (!Number.isInteger(weeks) || weeks < 1) void run('interval', () => accountApi.subscriptionInterval(id, weeks));
    else setAsked({ change: { kind: 'interval', weeks }, opener: intervalButton.current });
  };

  const labels = {
    activate: t('account.subscriptions.activate'),
    pause: t('account.subscriptions.pause'),
    resume: t('account.subscriptions.resume'),
    close: t('account.subscriptions.close'),
  };
  return (
    <>
      <h2 className={styles.cardTitle} id={`subscription-${id}`}>
        {initial.productName ?? t('account.subscriptions.product', { number: subscription.productVariantId })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('account.orders.status')}</dt>
        <dd data-testid="subscription-status">
          <StatusLabel status={subscription.status} />
        </dd>
        <dt>{t('account.returns.quantity')}</dt>
        <dd>{subscription.quantity}</dd>
        <dt>{t('account.subscriptions.interval')}</dt>
        <dd>{t('account.subscriptions.everyWeeks', { count: subscription.intervalWeeks })}</dd>
        {subscription.nextDeliveryDate && subscription.status === 'activated' && (
          <>
            <dt>{t('account.subscriptions.nextDelivery')}</dt>
            <dd data-testid="subscription-next-delivery">{dateText(subscription.nextDeliveryDate)}</dd>
          </>
        )}
      </dl>
      {subscription.intervalCanChange && (
        <form
          className={styles.actions}
          aria-labelledby={`subscription-${id}`}
          onSubmit={(event) => {
            event.preventDefault();
            askInterval();
          }}
        >
          <FormField name={`interval-${id}`} label={t('account.subscriptions.intervalWeeks')}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={subscriptionIntervalLimits().minWeeks}
                max={subscriptionIntervalLimits().maxWeeks}
                value={interval}
                onChange={(event) => setInterval(event.target.value)}
              />
            )}
          </FormField>
          <button ref={intervalButton} type="submit" className={formStyles.secondary} disabled={busy || asked !== null} data-testid="subscription-interval">
            {t('account.subscriptions.changeInterval')}
          </button>
        </form>
      )}
      <div className={styles.actions}>
        {subscription.allowedActions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'close' ? formStyles.secondary : formStyles.button}
            disabled={busy || asked !== null}
            // Activating starts deliveries the customer asked for when subscribing: no question.
            onClick={(event) => {
              if (action === 'activate') return void run('activate', () => accountApi.subscriptionAction(id, action));
              setAsked({ change: { kind: action }, opener: event.currentTarget });
            }}
            data-testid={`subscription-${action}`}
          >
            {labels[action]}
          </button>
        ))}
      </div>
      {asked && (
        <ChangeQuestion change={asked.change} busy={busy} opener={asked.opener} onConfirm={() => confirm(asked.change)} onCancel={() => setAsked(null)} />
      )}
      <FormMessage kind={message?.kind ?? 'success'} testId="subscription-message">
        {message ? message.lines.map((line) => <p key={line}>{line}</p>) : null}
      </FormMessage>
    </>
  );
}

/** The question before a change, with what it will do to the deliveries. */
function ChangeQuestion({
  change,
  busy,
  opener,
  onConfirm,
  onCancel,
}: {
  change: AskedChange;
  busy: boolean;
  opener: HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const texts = {
    pause: {
      question: t('account.subscriptions.confirm.pauseQuestion'),
      details: t('account.subscriptions.confirm.pauseDetails'),
      yes: t('account.subscriptions.pause'),
    },
    resume: {
      question: t('account.subscriptions.confirm.resumeQuestion'),
      details: t('account.subscriptions.confirm.resumeDetails'),
      yes: t('account.subscriptions.resume'),
    },
    close: {
      question: t('account.subscriptions.closeConfirm'),
      details: t('account.subscriptions.confirm.closeDetails'),
      yes: t('account.subscriptions.close'),
    },
    interval: {
      question: t('account.subscriptions.confirm.intervalQuestion'),
      details: t('account.subscriptions.confirm.intervalDetails'),
      yes: t('account.subscriptions.changeInterval'),
    },
  }[change.kind];
  return (
    <ConfirmDialog
      question={texts.question}
      details={
        <>
          {change.kind === 'interval' && (
            <dl className={styles.facts}>
              <dt>{t('account.subscriptions.interval')}</dt>
              <dd>{t('account.subscriptions.everyWeeks', { count: change.weeks })}</dd>
            </dl>
          )}
          <p>{texts.details}</p>
        </>
      }
      confirmLabel={texts.yes}
      cancelLabel={t('account.subscriptions.confirm.keep')}
      busy={busy}
      opener={opener}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="subscription-confirm"
    />
  );
}
