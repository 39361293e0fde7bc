/**
 * How many characters a field still takes (GOV.UK's character count): "You have 12 characters
 * remaining" beneath the field while the visitor types, "You have 3 characters too many" past
 * the limit (the text is never cut off: the form's check refuses it with the engine's message).
 * Near the limit and past it the message is marked by an icon and its weight, not by colour
 * alone. Screen readers hear the limit with the field (`limitId`, for its `aria-describedby`)
 * and the count in a polite live region once typing pauses, not at every key.
 *
 * The limit is the engine's (a form's `maxLength`), counted as the engine counts
 * (`characterCount`). With a `threshold` (a share of the limit, 0.75 for 75%) the count shows
 * only from there on.
 */
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import { characterCount } from '../../lib/forms';
import styles from './CharacterCount.module.css';

/** How long typing pauses before the count is read out. */
export const ANNOUNCE_DELAY_MS = 1000;
/** From how many characters left (a share of the limit) the count warns. */
const WARNING_SHARE = 0.1;

/** The id of the limit's text, for the field's `aria-describedby`. */
export const characterLimitId = (fieldId: string) => `${fieldId}-limit`;

export function CharacterCount({ fieldId, value, max, threshold = 0 }: { fieldId: string; value: string; max: number; threshold?: number }) {
  const { t } = useTranslation();
  const count = characterCount(value);
  const remaining = max - count;
  const state = remaining < 0 ? 'over' : remaining <= Math.floor(max * WARNING_SHARE) ? 'near' : 'ok';
  const visible = count >= max * threshold;
  const message = !visible
    ? ''
    : remaining < 0
      ? t('common.characterCount.tooMany', { count: -remaining })
      : t('common.characterCount.remaining', { count: remaining });
  const announced = useAnnounced(message);
  return (
    <>
      <span id={characterLimitId(fieldId)} className="visually-hidden">
        {t('common.characterCount.limit', { count: max })}
      </span>
      {visible && (
        <span className={styles.count} data-state={state} aria-hidden="true" data-testid={`character-count-${fieldId}`}>
          {state === 'over' && <CircleAlert className={styles.icon} aria-hidden="true" focusable="false" />}
          {state === 'near' && <TriangleAlert className={styles.icon} aria-hidden="true" focusable="false" />}
          {message}
        </span>
      )}
      <span className="visually-hidden" aria-live="polite" data-testid={`character-count-live-${fieldId}`}>
        {announced}
      </span>
    </>
  );
}

/** The message for the live region: what it says once it has not changed for a moment (nothing at first: a page opening reads no count). */
function useAnnounced(message: string): string {
  const [announced, setAnnounced] = useState('');
  const first = useRef<string | null>(message);
  useEffect(() => {
    if (first.current === message) return;
    first.current = null;
    const timer = window.setTimeout(() => setAnnounced(message), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return announced;
}
