import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n } from '../../i18n';
import { mockApi } from '../../test/api';
import { NewsletterSignup } from './NewsletterSignup';

describe('the newsletter sign-up', () => {
  beforeAll(async () => {
    await initI18n('nl');
  });

  const submit = (address: string) => {
    fireEvent.change(screen.getByLabelText('E-mail voor de nieuwsbrief'), { target: { value: address } });
    fireEvent.click(screen.getByRole('button', { name: 'Aanmelden' }));
  };

  it('checks the address with the engine rule before anything is sent', async () => {
    const requests = mockApi([]);
    render(<NewsletterSignup />);
    submit('geen-adres');
    expect(await screen.findByTestId('error-newsletter-email')).toHaveTextContent('Dit e-mailadres is niet geldig');
    expect(screen.getByLabelText('E-mail voor de nieuwsbrief')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('sends the address and asks to confirm it from the mailbox', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/newsletter/subscribe', respond: new Response(null, { status: 204 }) }]);
    render(<NewsletterSignup />);
    submit(' ruiter@example.com ');
    expect(await screen.findByTestId('newsletter-sent')).toHaveTextContent('Bijna klaar! We hebben je een e-mail gestuurd');
    expect(requests[0]?.body).toEqual({ emailAddress: 'ruiter@example.com' });
  });

  it('says when to try again after too many sign-ups', async () => {
    mockApi([
      {
        method: 'POST',
        url: '/api/newsletter/subscribe',
        respond: new Response(JSON.stringify({ status: 429 }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '600' } }),
      },
    ]);
    render(<NewsletterSignup />);
    submit('ruiter@example.com');
    expect(await screen.findByTestId('newsletter-error')).toHaveTextContent('10 minuten');
  });
});
