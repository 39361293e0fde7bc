import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ConfirmDialog } from './ConfirmDialog';

function Asking({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Stop
      </button>
      {asking && (
        <ConfirmDialog
          question="Stop the deliveries?"
          details="No more deliveries until you start them again."
          confirmLabel="Stop"
          cancelLabel="Keep as it is"
          onConfirm={onConfirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its question and described by what happens, with the focus on the safe answer', () => {
    render(<Asking onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Stop' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Stop the deliveries?' });
    expect(dialog).toHaveAccessibleDescription('No more deliveries until you start them again.');
    expect(screen.getByRole('button', { name: 'Keep as it is' })).toHaveFocus();
  });

  it('Escape is the safe answer, and the focus goes back to the button that asked', () => {
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Stop' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Keep as it is' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('the change is made only by its own answer', () => {
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const answers = screen.getAllByRole('button', { name: 'Stop' });
    // The opener and the dialog's answer share the verb; the dialog's is the last.
    fireEvent.click(answers[answers.length - 1] as HTMLElement);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
