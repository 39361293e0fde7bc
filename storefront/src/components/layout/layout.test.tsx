import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CONSENT_COOKIE, LOCALIZATION_COOKIE, readCookie } from '../../lib/cookies';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/app';
import { suggestionHref, visitorCountry } from './localization';

describe('cookie consent', () => {
  it('stores the choice for 365 days and pushes it to the data layer', async () => {
    window.dataLayer = [];
    await renderApp('/cart/');
    await screen.findByTestId('cookie-consent');
    fireEvent.click(screen.getByRole('button', { name: 'Alles accepteren' }));
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
    expect(JSON.parse(readCookie(CONSENT_COOKIE) ?? '{}')).toMatchObject({ analytics: true, marketing: true });
    expect(window.dataLayer.at(-1)).toEqual({
      event: 'consent_update',
      consent: { necessary: 'granted', analytics_storage: 'granted', ad_storage: 'granted' },
    });
  });

  it('rejects, or saves the settings chosen', async () => {
    window.dataLayer = [];
    await renderApp('/cart/');
    const banner = await screen.findByTestId('cookie-consent');
    fireEvent.click(within(banner).getByRole('button', { name: 'Instellingen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Statistieken/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Keuze opslaan' }));
    expect(JSON.parse(readCookie(CONSENT_COOKIE) ?? '{}')).toMatchObject({ analytics: true, marketing: false });
    fireEvent.click(screen.getByRole('button', { name: 'Instellingen' })); // the footer's link reopens it
    fireEvent.click(screen.getByRole('button', { name: 'Alleen noodzakelijke' }));
    expect(window.dataLayer.at(-1)).toMatchObject({ consent: { analytics_storage: 'denied', ad_storage: 'denied' } });
  });

  it('is a bar in the page, not a modal; reopened, it takes the focus and gives it back after the choice', async () => {
    await renderApp('/cart/');
    const banner = await screen.findByTestId('cookie-consent');
    expect(banner).not.toHaveAttribute('aria-modal');
    expect(screen.getByRole('region', { name: 'Cookies' })).toBe(banner);
    // First after the skip link: the keyboard reaches it before the page.
    const focusable = Array.from(document.querySelectorAll<HTMLElement>('a[href], button'));
    expect(focusable[0]).toHaveTextContent('Naar de inhoud');
    expect(banner.contains(focusable[1] ?? null)).toBe(true);
    fireEvent.click(within(banner).getByRole('button', { name: 'Alleen noodzakelijke' }));
    // The footer's settings button comes with the site's layout, which may still be loading.
    const opener = await screen.findByRole('button', { name: 'Instellingen' });
    opener.focus();
    fireEvent.click(opener);
    expect(await screen.findByTestId('cookie-consent')).toHaveFocus();
    fireEvent.click(within(screen.getByTestId('cookie-consent')).getByRole('button', { name: 'Alles accepteren' }));
    expect(opener).toHaveFocus();
  });

  it('is not shown again once chosen', async () => {
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ analytics: false, marketing: false, date: 'x' }))}; Path=/`;
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
  });
});

describe('the suggestion for visitors from another country', () => {
  it('reads the country from the browser languages', () => {
    expect(visitorCountry(['de-DE', 'en'])).toBe('DE');
    expect(visitorCountry(['nl'])).toBeNull();
  });

  it('carries the accepted query parameters over', () => {
    const current = new URL('http://hoefslag.localhost/hooi/?utm_source=mail&p=2');
    expect(suggestionHref('http://de.hoefslag.localhost/', current, ['utm_source'])).toBe('http://de.hoefslag.localhost/?utm_source=mail');
  });

  it('shows a dismissible banner and remembers the choice in the cookie', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    const requests = mockApi([
      {
        method: 'POST',
        url: /^\/api\/Sites\?url=.*&countryCode=DE$/,
        respond: { redirectUrl: 'http://de.hoefslag.localhost/', availableQueryParameters: [] },
      },
    ]);
    await renderApp('/cart/', { noLocalizationChoice: true });
    const banner = await screen.findByTestId('localization-banner');
    expect(banner).toHaveTextContent('Duitsland');
    expect(screen.getByRole('link', { name: /Naar de site voor/ })).toHaveAttribute('href', 'http://de.hoefslag.localhost/');
    fireEvent.click(screen.getByRole('button', { name: 'Op deze site blijven' }));
    await waitFor(() => expect(screen.queryByTestId('localization-banner')).toBeNull());
    expect(readCookie(LOCALIZATION_COOKIE)).toMatch(/^\d{4}-/);
    expect(requests).toHaveLength(1);
    Object.defineProperty(navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
  });

  it('does not ask again after a choice', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    await renderApp('/cart/');
    await act(async () => undefined);
    expect(screen.queryByTestId('localization-banner')).toBeNull();
    Object.defineProperty(navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
  });
});
