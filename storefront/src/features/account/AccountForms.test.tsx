import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { initI18n } from '../../i18n';
import { accountRoutes, JAN } from '../../test/account';
import { json, mockApi, type MockRoute } from '../../test/api';
import { renderApp } from '../../test/app';
import { photoProblem } from './ServicePages';
import { WriteReviewForm } from './ReviewPages';

const anonymous: MockRoute = { method: 'POST', url: '/api/authentication/isauthenticated', respond: false };
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login', () => {
  it('checks with the engine first, then shows the specification’s failure text with its two links', async () => {
    const requests = mockApi([
      anonymous,
      { method: 'POST', url: '/api/authentication/signin', respond: json({ status: 401, code: 'errors.loginFailed' }, 401) },
    ]);
    await renderApp('/account/login/');
    await screen.findByTestId('login-form');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByTestId('error-emailAddress')).toHaveTextContent('Dit is een verplicht veld');
    expect(screen.getByLabelText('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
    // The error summary takes the focus and lists both fields in their order, each a link to it.
    const summary = screen.getByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveAttribute('role', 'alert');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['E-mailadres: Dit is een verplicht veld', '#field-emailAddress'],
      ['Wachtwoord: Dit is een verplicht veld', '#field-password'],
    ]);
    fireEvent.click(links[0] as HTMLElement);
    expect(screen.getByLabelText('E-mailadres')).toHaveFocus();
    type('E-mailadres', 'geen-adres');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(screen.getByTestId('error-emailAddress')).toHaveTextContent('Dit e-mailadres is niet geldig'));
    expect(requests.some((request) => request.url === '/api/authentication/signin')).toBe(false);

    type('E-mailadres', 'jan.devries@example.com');
    type('Wachtwoord', 'fout');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    const failure = await screen.findByTestId('form-error');
    expect(failure).toHaveTextContent('De combinatie van e-mailadres en wachtwoord is niet bij ons bekend.');
    expect(failure.querySelector('a[href="/account/forgot/"]')).not.toBeNull();
    expect(failure.querySelector('a[href="/account/resend-confirmation/"]')).toHaveTextContent('Activatiemail opnieuw versturen');
    expect(requests.find((request) => request.url === '/api/authentication/signin')?.headers).toMatchObject({ captcha: '' });
  });

  it('says when to try again after too many attempts (429 with Retry-After)', async () => {
    mockApi([
      anonymous,
      {
        method: 'POST',
        url: '/api/authentication/signin',
        respond: new Response(JSON.stringify({ status: 429, code: 'errors.tooManyAttempts' }), { status: 429, headers: { 'Retry-After': '600' } }),
      },
    ]);
    await renderApp('/account/login/');
    await screen.findByTestId('login-form');
    type('E-mailadres', 'jan.devries@example.com');
    type('Wachtwoord', 'Hoefslag2024');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Te veel pogingen. Probeer het over 10 minuten opnieuw.');
  });

  it('signs in, greets in the header and goes back to the page asked for', async () => {
    mockApi(
      accountRoutes([
        { method: 'POST', url: '/api/authentication/isauthenticated', respond: false },
        { method: 'POST', url: '/api/authentication/signin', respond: JAN },
      ]),
    );
    const { router } = await renderApp(`/account/login/?i=1&returnUrl=${encodeURIComponent('/account/invoices/')}`);
    expect(await screen.findByText('Log in om verder te gaan.')).toBeInTheDocument();
    type('E-mailadres', 'jan.devries@example.com');
    type('Wachtwoord', 'Hoefslag2024');
    mockApi(accountRoutes([{ method: 'POST', url: '/api/authentication/signin', respond: JAN }]));
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await screen.findByTestId('page-account-invoices');
    expect(router.state.location.pathname).toBe('/account/invoices/');
    expect(screen.getByTestId('header-greeting')).toHaveTextContent('Welkom Jan');
    expect(screen.getByTestId('header-unread')).toHaveTextContent('2 nieuwe resultaten');
  });
});

describe('register', () => {
  it('uses the engine’s password rule and repeat, sends the shop path as callbackUrl and shows the activation message', async () => {
    const requests = mockApi([anonymous, { method: 'POST', url: /^\/api\/account\?callbackUrl=/, respond: json({ ...JAN, userId: 'u-9' }, 201) }]);
    await renderApp('/account/register/');
    await screen.findByTestId('register-form');
    type('Voornaam', 'Roos');
    type('Achternaam', 'Hoefijzer');
    type('E-mailadres', 'roos@example.com');
    type(/^Wachtwoord/, 'kort');
    type('Herhaal wachtwoord', 'anders');
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByTestId('error-password')).toHaveTextContent('Minimaal 7 tekens, moet cijfers en letters bevatten');
    expect(screen.getByTestId('error-passwordRepeat')).toHaveTextContent('De wachtwoorden komen niet overeen');
    type(/^Wachtwoord/, 'Stalvoer2026');
    type('Herhaal wachtwoord', 'Stalvoer2026');
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByTestId('register-done')).toHaveTextContent('We hebben een activatiemail gestuurd naar roos@example.com.');
    const sent = requests.find((request) => request.method === 'POST' && request.url.startsWith('/api/account?'));
    expect(sent?.url).toBe(`/api/account?callbackUrl=${encodeURIComponent('/account/confirm/')}`);
    expect(sent?.body).toMatchObject({ firstName: 'Roos', emailAddress: 'roos@example.com', newsletter: false });
    expect(screen.getByRole('link', { name: 'Activatiemail opnieuw versturen' })).toHaveAttribute('href', '/account/resend-confirmation/?userId=u-9');
  });
});

describe('resend confirmation', () => {
  it('asks for the e-mail address (checked by the engine) and answers the same for any address', async () => {
    const requests = mockApi([anonymous, { method: 'POST', url: /^\/api\/account\/resendconfirmation\?/, respond: new Response(null, { status: 204 }) }]);
    await renderApp('/account/resend-confirmation/');
    await screen.findByTestId('resend-form');
    expect(screen.getByText(/Vul je e-mailadres in en we sturen de mail opnieuw/)).toBeInTheDocument();
    type('E-mailadres', 'geen-adres');
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    expect(await screen.findByTestId('error-emailAddress')).toHaveTextContent('Dit e-mailadres is niet geldig');
    expect(requests.some((request) => request.url.startsWith('/api/account/resendconfirmation'))).toBe(false);
    type('E-mailadres', ' lotte.visser@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    expect(await screen.findByTestId('resend-sent')).toHaveTextContent('Als er bij dit e-mailadres een account hoort dat nog niet is geactiveerd');
    const sent = requests.find((request) => request.url.startsWith('/api/account/resendconfirmation'));
    expect(sent?.url).toBe(`/api/account/resendconfirmation?callbackUrl=${encodeURIComponent('/account/confirm/')}`);
    expect(sent?.body).toEqual({ emailAddress: 'lotte.visser@example.com' });
    expect(sent?.headers).toMatchObject({ captcha: '' });
    expect(screen.queryByTestId('resend-form')).toBeNull();
  });

  it('from an expired activation link the account is known: one button, no address', async () => {
    const requests = mockApi([anonymous, { method: 'POST', url: /^\/api\/account\/resendconfirmation\?/, respond: new Response(null, { status: 204 }) }]);
    await renderApp('/account/resend-confirmation/?userId=u-9');
    await screen.findByTestId('resend-form');
    expect(screen.queryByLabelText('E-mailadres')).toBeNull();
    expect(screen.getByText('Je activatielink is niet meer geldig. Vraag hieronder een nieuwe activatiemail aan.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    expect(await screen.findByTestId('resend-sent')).toHaveTextContent('De activatiemail is opnieuw verstuurd.');
    const sent = requests.find((request) => request.url.startsWith('/api/account/resendconfirmation'));
    expect(sent?.url).toBe(`/api/account/resendconfirmation?userId=u-9&callbackUrl=${encodeURIComponent('/account/confirm/')}`);
  });

  it('a limit reached says when to try again', async () => {
    mockApi([
      anonymous,
      {
        method: 'POST',
        url: /^\/api\/account\/resendconfirmation\?/,
        respond: new Response(JSON.stringify({ status: 429, code: 'errors.tooManyAttempts' }), { status: 429, headers: { 'Retry-After': '120' } }),
      },
    ]);
    await renderApp('/account/resend-confirmation/');
    await screen.findByTestId('resend-form');
    type('E-mailadres', 'lotte.visser@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Te veel pogingen. Probeer het over 2 minuten opnieuw.');
  });
});

describe('reset and confirm', () => {
  it('reset: an expired link says so and links to forgot password', async () => {
    mockApi([anonymous, { method: 'POST', url: /resetpassword\?token=t1$/, respond: json({ status: 400, code: 'errors.resetTokenExpired' }, 400) }]);
    await renderApp('/account/reset/?token=t1&userId=7');
    await screen.findByTestId('reset-form');
    type(/^Nieuw wachtwoord/, 'Haverzak77');
    type('Herhaal wachtwoord', 'Haverzak77');
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    const error = await screen.findByTestId('form-error');
    expect(error).toHaveTextContent('Deze link om je wachtwoord te wijzigen is niet meer geldig.');
    expect(error.querySelector('a[href="/account/forgot/"]')).not.toBeNull();
  });

  it('confirm: calls the confirm API in the loader, then login/?a=1', async () => {
    const requests = mockApi([anonymous, { method: 'POST', url: '/api/account/7/confirm?token=abc', respond: new Response(null, { status: 204 }) }]);
    const { router } = await renderApp('/account/confirm/?token=abc&userId=7');
    expect(await screen.findByTestId('login-activated')).toHaveTextContent('Je account is geactiveerd.');
    expect(router.state.location.search).toBe('?a=1');
    expect(requests.filter((request) => request.url.includes('/confirm'))).toHaveLength(1);
  });

  it('confirm: an expired token gives the message with a resend link', async () => {
    mockApi([
      anonymous,
      { method: 'POST', url: '/api/account/7/confirm?token=old', respond: json({ status: 400, code: 'errors.activationTokenExpired' }, 400) },
    ]);
    await renderApp('/account/confirm/?token=old&userId=7');
    expect(await screen.findByTestId('confirm-error')).toHaveTextContent('Deze activatielink is niet meer geldig.');
    expect(screen.getByRole('link', { name: 'Activatiemail opnieuw versturen' })).toHaveAttribute('href', '/account/resend-confirmation/?userId=7');
  });
});

describe('signed-in forms', () => {
  it('change password: current, new by the engine’s rule, repeat; the server’s wrong-current message on its field', async () => {
    mockApi(
      accountRoutes([
        {
          method: 'POST',
          url: '/api/account/changepassword',
          respond: json(
            { status: 400, fieldErrors: { currentPassword: [{ key: 'validation.currentPasswordWrong', message: 'Het huidige wachtwoord klopt niet' }] } },
            400,
          ),
        },
      ]),
    );
    await renderApp('/account/information/password/');
    await screen.findByTestId('password-form');
    type('Huidig wachtwoord', 'oud');
    type(/^Nieuw wachtwoord/, 'abcdefg');
    type('Herhaal nieuw wachtwoord', 'abcdefg');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('error-newPassword')).toHaveTextContent('Minimaal 7 tekens, moet cijfers en letters bevatten');
    type(/^Nieuw wachtwoord/, 'abcdefg1');
    type('Herhaal nieuw wachtwoord', 'abcdefg1');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('error-currentPassword')).toHaveTextContent('Het huidige wachtwoord klopt niet');
  });

  it('billing address and mobile phone: filled in from the account, checked by the engine, sent with the address block', async () => {
    const requests = mockApi(
      accountRoutes([
        {
          method: 'PUT',
          url: '/api/account/billingaddress',
          respond: (request) => ({ billing: { ...(request.body as object), emailAddress: JAN.emailAddress }, mobilePhone: '+31612345678' }),
        },
      ]),
    );
    await renderApp('/account/information/billing/');
    await screen.findByTestId('billing-form');
    expect(screen.getByLabelText('Straat')).toHaveValue('Oudegracht');
    expect(screen.getByLabelText('Postcode')).toHaveValue('3511 AP');
    type('Postcode', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('error-zipcode')).toHaveTextContent('Deze postcode is niet geldig');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
    type('Postcode', '3512 JE');
    type(/^Mobiel nummer/, '+31612345678');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('form-saved')).toHaveTextContent('Je gegevens zijn gewijzigd.');
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      {
        firstName: 'Jan',
        lastName: 'de Vries',
        phoneNumber: '+31302345678',
        mobilePhone: '+31612345678',
        address: { street: 'Oudegracht', streetNumber: '12', streetNumberAddition: null, zipcode: '3512 JE', city: 'Utrecht', countryId: 1 },
      },
    ]);
  });

  it('orders: an empty list says so', async () => {
    mockApi(accountRoutes([{ url: /^\/api\/account\/orders\?/, respond: { items: [], page: 1, pageSize: 10, total: 0, hasMore: false } }]));
    await renderApp('/account/orders/');
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent('Je hebt nog geen bestellingen geplaatst.');
  });

  it('orders: a failed load shows the error box', async () => {
    mockApi(accountRoutes([{ url: /^\/api\/account\/orders\?/, respond: json({ status: 500 }, 500) }]));
    await renderApp('/account/orders/');
    expect(await screen.findByText('Oeps, hier ging iets mis!')).toBeInTheDocument();
  });
});

describe('return photo and review form', () => {
  it('checks the photo’s type and size before upload', () => {
    expect(photoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(photoProblem({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(photoProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('size');
  });

  it('write-review asks for 5 words (the engine rule) before sending', async () => {
    await initI18n('nl');
    let sent = false;
    const requests = mockApi([{ method: 'POST', url: '/api/products/41/reviews', respond: json({ status: 'pending' }, 201) }]);
    render(<WriteReviewForm productId={41} onSent={() => (sent = true)} />);
    type('Titel', 'Prima');
    type('Beoordeling', '4');
    type('Je review', 'Te kort hoor');
    type('Naam', 'Jan');
    fireEvent.click(screen.getByRole('button', { name: 'Review plaatsen' }));
    expect(await screen.findByTestId('error-review-41-text')).toHaveTextContent('Je review moet minimaal 5 woorden bevatten');
    expect(within(screen.getByTestId('error-summary')).getByRole('link', { name: 'Je review: Je review moet minimaal 5 woorden bevatten' })).toHaveAttribute(
      'href',
      '#field-review-41-text',
    );
    expect(requests).toHaveLength(0);
    type('Je review', 'Mijn paarden eten dit graag');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Review plaatsen' })));
    await waitFor(() => expect(sent).toBe(true));
    expect(requests[0]?.body).toEqual({ title: 'Prima', rating: 4, text: 'Mijn paarden eten dit graag', name: 'Jan' });
  });
});
