import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../../test/app';

/** The links and buttons that show an icon: on a phone some show nothing else. */
const controlsWithIcons = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>('a, button')).filter((control) => control.querySelector('svg'));

describe('icons', () => {
  it('are inline SVGs that screen readers skip, never text symbols', async () => {
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const svgs = Array.from(document.querySelectorAll('svg'));
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('site-header').textContent).not.toMatch(/[☰▾⚠★🚚🔒💬↩⏱]/u);
  });

  it('leave a name on every link and button whose only visible content is an icon', async () => {
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const header = screen.getByTestId('site-header');
    // On a phone these show their icon alone; the label stays for screen readers.
    expect(within(header).getByRole('button', { name: 'Zoeken' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('header-login')).toHaveAccessibleName('Inloggen');
    expect(screen.getByTestId('cart-link')).toHaveAccessibleName('Winkelwagen 0 artikelen in je winkelwagen');
    // The sub-menu's caret is its button's only visible content.
    expect(within(header).getByRole('button', { name: 'Submenu Mashes' }).querySelector('svg')).not.toBeNull();
    const controls = controlsWithIcons(document.body);
    expect(controls.length).toBeGreaterThanOrEqual(4);
    for (const control of controls) expect(control).toHaveAccessibleName();
  });

  it('name the menu button by its state, the icon changing with it', async () => {
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const button = screen.getByTestId('menu-button');
    expect(button).toHaveAccessibleName('Menu');
    fireEvent.click(button);
    expect(button).toHaveAccessibleName('Menu sluiten');
    expect(button.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
  });
});
