import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toSite } from '../../api/sites';
import { json, mockApi } from '../../test/api';
import { renderApp, WEIDEGROEN_DK } from '../../test/app';
import { LAYOUT_NL } from '../../test/layout';

describe('the site layout on every page', () => {
  it('shows the menu with its sub-menu, the USPs and the notification on the cart page', async () => {
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const navigation = screen.getByTestId('primary-navigation');
    const links = within(navigation)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Muesli', '/muesli/'],
      ['Mashes', '/mashes/'],
      ['Advies', '/advies/'],
      ['Verkooppunten', '/store-locator/'],
      ['Voercalculator', '/feed-calculator/'],
      ['Vergelijken', '/vergelijken/'],
    ]);
    // The sub-menu's links are there, hidden until it is opened.
    expect(
      within(screen.getByTestId('submenu'))
        .getAllByRole('link', { hidden: true })
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Granen en pulp', '/granen-en-pulp/'],
      ['Haksel', '/haksel/'],
    ]);
    expect(
      within(screen.getByTestId('header-usps'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Voor 22:00 besteld, morgen in huis', 'Veilig betalen met iDEAL']);
    // Each selling point's icon is an inline SVG that screen readers skip, never a text symbol.
    for (const item of within(screen.getByTestId('header-usps')).getAllByRole('listitem')) {
      expect(item.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
    const bar = screen.getByTestId('notification-bar');
    expect(bar).toHaveTextContent('Winteractie: 10% korting op alle Sport Muesli');
    expect(within(bar).getByRole('link')).toHaveAttribute('href', '/muesli/');
  });

  it('opens a sub-menu with its disclosure button and closes it with Escape', async () => {
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const button = screen.getByRole('button', { name: 'Submenu Mashes' });
    const submenu = screen.getByTestId('submenu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', submenu.id);
    expect(submenu).not.toBeVisible();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(submenu).toBeVisible();
    const child = within(submenu).getByRole('link', { name: 'Haksel' });
    child.focus();
    fireEvent.keyDown(child, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('has a mobile menu button that opens and closes the menu (Escape too)', async () => {
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const button = screen.getByTestId('menu-button');
    const list = screen.getByTestId('primary-navigation-items');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', list.id);
    expect(button).toHaveTextContent('Menu');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('data-open', 'true');
    expect(button).toHaveTextContent('Menu sluiten');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('fills the footer: columns, customer service and social links', async () => {
    await renderApp('/cart/');
    const service = await screen.findByTestId('customer-service', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('footer-column').map((column) => within(column).getByRole('heading').textContent)).toEqual([
      'Klantenservice',
      'Over Hoefslag',
    ]);
    expect(within(screen.getAllByTestId('footer-column')[0]!).getByRole('link', { name: 'Bezorging' })).toHaveAttribute('href', '/klantenservice/bezorging/');
    expect(within(service).getByRole('heading')).toHaveTextContent('Klantenservice');
    expect(screen.getByTestId('customer-service-hours')).toHaveTextContent('Maandag t/m vrijdag 8:30-17:00, zaterdag 9:00-12:00');
    expect(screen.getByTestId('customer-service-phone')).toHaveAttribute('href', 'tel:+31881234500');
    expect(screen.getByTestId('customer-service-phone')).toHaveTextContent('+31881234500');
    expect(screen.getByTestId('customer-service-email')).toHaveAttribute('href', 'mailto:klantenservice@hoefslag.example');
    expect(within(service).getByText('Heb je een vraag? Wij helpen je graag.')).toBeInTheDocument();
    expect(screen.getByTestId('customer-service-link')).toHaveAttribute('href', '/klantenservice/');
    expect(screen.getByTestId('customer-service-link')).toHaveTextContent('Naar de klantenservice');
    const social = within(screen.getByTestId('social-links')).getAllByRole('link');
    expect(social.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Instagram', 'https://www.instagram.com/hoefslag.demo/'],
      ['YouTube', 'https://www.youtube.com/@hoefslagdemo'],
    ]);
    // Euro prices are not indicative: no disclaimer.
    expect(screen.queryByTestId('currency-disclaimer')).toBeNull();
  });

  it('is loaded once per site and language, not again when navigating', async () => {
    const requests = mockApi([{ url: '/api/content/layout', respond: LAYOUT_NL }]);
    const { router } = await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    await act(() => router.navigate('/vergelijken/'));
    await act(() => router.navigate('/cart/'));
    await screen.findByTestId('page-cart');
    const layoutRequests = requests.filter((request) => request.url === '/api/content/layout');
    expect(layoutRequests).toHaveLength(1);
  });

  it('falls back to the fixed links when the layout cannot be loaded', async () => {
    mockApi([{ url: '/api/content/layout', respond: () => json({ message: 'down' }, 500) }]);
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const navigation = screen.getByTestId('primary-navigation');
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Nieuws', 'Verkooppunten', 'Voercalculator', 'Vergelijken']);
    expect(screen.queryByTestId('notification-bar')).toBeNull();
    expect(screen.queryByTestId('header-usps')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('footer')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.queryByTestId('customer-service')).toBeNull();
  });

  it('shows the currency disclaimer with its page where prices are indicative', async () => {
    mockApi([
      {
        url: '/api/content/layout',
        respond: { ...LAYOUT_NL, siteId: 22, languageId: 4, indicativePrices: true, currencyConversionDisclaimerLink: '/valuta-og-priser/' },
      },
    ]);
    await renderApp('/cart/', { site: toSite(WEIDEGROEN_DK), culture: 'da' });
    const disclaimer = await screen.findByTestId('currency-disclaimer');
    expect(disclaimer).toHaveTextContent('Priserne i euro er gældende. Beløb i andre valutaer er kun vejledende. Mere om omregnede priser');
    expect(screen.getByTestId('currency-disclaimer-link')).toHaveAttribute('href', '/valuta-og-priser/');
  });
});
