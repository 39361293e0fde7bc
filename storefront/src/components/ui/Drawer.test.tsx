import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n } from '../../i18n';
import { Drawer } from './Drawer';

beforeAll(async () => {
  await initI18n('nl');
});

/** A page with a button that opens the drawer, and a link behind it. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Openen
      </button>
      <a href="/elders/">Achter de lade</a>
      {open && (
        <Drawer title="Toegevoegd" onClose={() => setOpen(false)} testId="drawer">
          <p>Eén regel</p>
          <a href="/checkout/">Afrekenen</a>
          <button type="button">Verder winkelen</button>
        </Drawer>
      )}
    </>
  );
}

function open() {
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Openen' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Toegevoegd' }) };
}

describe('drawer', () => {
  it('is a modal dialog named by its title that takes the focus; the page behind it is inert', () => {
    const { dialog } = open();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    const page = screen.getByRole('link', { name: 'Achter de lade', hidden: true }).parentElement as HTMLElement;
    expect(page).toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab and Shift+Tab inside the panel', () => {
    const { dialog } = open();
    const close = screen.getByRole('button', { name: 'Sluiten' });
    const last = screen.getByRole('button', { name: 'Verder winkelen' });
    // From the panel itself Shift+Tab goes to the last control, Tab from the last to the first.
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });

  it('closes with Escape and gives the focus back to the button that opened it', () => {
    const { opener, dialog } = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(opener.parentElement).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with its close button and with a click beside the panel', () => {
    const { opener } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on a click inside the panel', () => {
    open();
    fireEvent.click(screen.getByText('Eén regel'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
