/**
 * The answer to a confirmation dialog's "yes": runs the action once, shows the dialog busy
 * meanwhile, and keeps it open with the error in the staff member's words when the action
 * fails (the props `ConfirmDialog` takes).
 */
import { useState } from 'react';

import { errorMessage } from './apiErrors';

export function useConfirmedAction(action: () => Promise<void>): { busy: boolean; error: string | null; onConfirm: () => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(failure));
    }
  };
  return { busy, error, onConfirm: () => void confirm() };
}
