import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { textOfKey } from '../../i18n';
import type { Account } from '../../api/auth';
import type { CheckoutGates } from '../../engine';
import { accountAtom, sessionAtom, useSite } from '../../state';
import { readApiError } from '../../api/cart';
import { shownFieldKey } from '../../lib/apiErrors';
import { cartAnswerAtom, cartLoadedAtom } from '../../lib/cart';
import { refreshSession } from '../../lib/session';
import { gatesOf } from './gates';
import { fetchCountries, fetchPaymentMethods, type Country, type PaymentMethod } from './reference';
import { trackBeginCheckout } from '../../lib/cartTracking';

/**
 * Who fills in the checkout: `known` once the session is checked (and, for a signed-in customer,
 * the account fetched), `account` the signed-in customer's account, else null. The forms wait
 * for `known`, so that a customer's addresses are there when they open.
 */
export function useCheckoutAccount(): { known: boolean; account: Account | null } {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const account = useAtomValue(accountAtom);
  const missing = session.status === 'signedIn' && account === null;
  // The header checks who is signed in; a session known without its account fetches it here.
  useEffect(() => {
    if (missing) void refreshSession(store);
  }, [missing, store]);
  if (session.status === 'anonymous') return { known: true, account: null };
  return { known: session.status === 'signedIn' && account !== null, account };
}

/** The countries (once) and the engine's gates of the current cart. */
export function useCheckout(): { countries: Country[] | null; gates: CheckoutGates | null; loaded: boolean; failed: boolean } {
  const site = useSite();
  const answer = useAtomValue(cartAnswerAtom);
  const loaded = useAtomValue(cartLoadedAtom);
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    fetchCountries().then(
      (list) => current && setCountries(list),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  const gates = useMemo(() => (countries && loaded ? gatesOf(answer, countries, site.countryId) : null), [answer, countries, loaded, site.countryId]);
  // The data layer's begin_checkout, once per cart, when the cart is known.
  useEffect(() => {
    if (loaded) trackBeginCheckout(answer);
  }, [loaded, answer]);
  return { countries, gates, loaded: loaded && countries !== null, failed };
}

/**
 * The site's payment methods from the server (`methods` is null while they load, and when
 * loading failed: then `failed` is set and `retry` asks again). With `enabled` false nothing is
 * asked.
 */
export function usePaymentMethods(enabled = true): { methods: PaymentMethod[] | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ methods: PaymentMethod[] | null; failed: boolean }>({ methods: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    fetchPaymentMethods().then(
      (methods) => current && setState({ methods, failed: false }),
      () => current && setState({ methods: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [enabled, attempt]);
  const retry = useCallback(() => {
    setState({ methods: null, failed: false });
    setAttempt((count) => count + 1);
  }, []);
  return { ...state, retry };
}

/** The server's field errors of a failed call, translated, by field name; `_` holds the rest. */
export function useServerErrors() {
  const { t } = useTranslation();
  return (error: unknown): Record<string, string> => {
    const problem = readApiError(error);
    const errors: Record<string, string> = {};
    const translated = (key: string, fallback: string) => {
      const text = textOfKey(t, key ?? '');
      return text !== '' ? text : fallback;
    };
    for (const field of problem.fieldErrors) {
      const name = field.field.replace(/^address\./, '');
      errors[name] ??= translated(shownFieldKey(field.key), field.message || t('errors.generic'));
    }
    if (Object.keys(errors).length === 0) {
      errors._ = problem.code ? translated(problem.code, problem.message ?? t('errors.generic')) : t('errors.generic');
    }
    return errors;
  };
}
