/**
 * Short messages after an action ("The key has been revoked"), shown in a corner and read out
 * by screen readers from a live region that is always on the page. A message goes after a
 * while on its own, or with its close button; it never takes the focus.
 */
import { X } from 'lucide-react';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { useTranslation } from '../i18n';
import styles from './Toast.module.css';

export type ToastKind = 'success' | 'error';
interface ToastMessage {
  id: number;
  kind: ToastKind;
  text: string;
}
export interface Toasts {
  show: (text: string, kind?: ToastKind) => void;
}

/** Long enough to read a sentence twice. */
export const TOAST_MS = 8000;

const ToastContext = createContext<Toasts>({ show: () => undefined });

export function useToast(): Toasts {
  return use(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setMessages((current) => current.filter((message) => message.id !== id)), []);
  const show = useCallback((text: string, kind: ToastKind = 'success') => {
    const id = next.current++;
    setMessages((current) => [...current, { id, kind, text }]);
  }, []);
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext value={value}>
      {children}
      {createPortal(
        // Beside the app, not in it: a dialog makes the app inert, and a message about its action
        // (the dialog closes as it appears) must still be read out and closable.
        <section className={styles.region} aria-label={t('toast.region')} data-announcer="">
          <div role="status">
            {messages.map((message) => (
              <Toast key={message.id} message={message} onDismiss={dismiss} />
            ))}
          </div>
        </section>,
        document.body,
      )}
    </ToastContext>
  );
}

function Toast({ message, onDismiss }: { message: ToastMessage; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(message.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message.id, onDismiss]);
  return (
    <div className={styles.toast} data-kind={message.kind}>
      <span>{message.text}</span>
      <button type="button" onClick={() => onDismiss(message.id)} aria-label={t('common.close')}>
        <X aria-hidden="true" size={18} />
      </button>
    </div>
  );
}
