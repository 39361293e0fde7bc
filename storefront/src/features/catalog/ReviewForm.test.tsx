import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n } from '../../i18n';
import { json, mockApi } from '../../test/api';
import { ReviewForm } from './ReviewForm';

describe('write-review form', () => {
  beforeAll(async () => {
    await initI18n('nl');
  });

  const fill = (text: string) => {
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Top voer' } });
    fireEvent.change(screen.getByLabelText('Beoordeling'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Je review'), { target: { value: text } });
    fireEvent.change(screen.getByLabelText('Naam'), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review plaatsen' }));
  };

  it('asks for at least 5 words (the engine rule), then sends the review', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/products/7/reviews', respond: json({ status: 'pending' }, 201) }]);
    render(<ReviewForm productId={7} />);
    expect(screen.getByText('Gebruik minimaal 5 woorden.')).toBeInTheDocument();
    fill('Mijn paard vindt het lekker');
    expect(await screen.findByTestId('review-sent')).toHaveTextContent('Bedankt voor je review!');
    expect(requests[0]?.body).toEqual({ title: 'Top voer', rating: 5, text: 'Mijn paard vindt het lekker', name: 'Anna' });
  });

  it('says so when the server cannot take the review', async () => {
    mockApi([{ method: 'POST', url: '/api/products/7/reviews', respond: json({ status: 500 }, 500) }]);
    render(<ReviewForm productId={7} />);
    fill('Mijn paard vindt het lekker');
    expect(await screen.findByTestId('review-not-sent')).toHaveTextContent('Reviews plaatsen is nog niet mogelijk');
  });

  it('refuses four words with the translated engine message', async () => {
    render(<ReviewForm productId={7} />);
    fill('Mijn paard vindt lekker');
    expect(await screen.findByRole('alert')).toHaveTextContent('Je review moet minimaal 5 woorden bevatten');
    expect(screen.getByLabelText('Je review')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a text over 4000 characters, as the server would, and sends nothing', async () => {
    const requests = mockApi([{ method: 'POST', url: '/api/products/7/reviews', respond: json({ status: 'pending' }, 201) }]);
    render(<ReviewForm productId={7} />);
    fill('paard '.repeat(667));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit veld mag maximaal 4000 tekens bevatten');
    expect(requests).toEqual([]);
  });

  it('requires every field: the error summary lists the 4 in the order of the fields, each a link to its field', async () => {
    render(<ReviewForm productId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Review plaatsen' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent('Er is een probleem');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Titel: Dit is een verplicht veld', '#review-title'],
      ['Beoordeling: Dit is een verplicht veld', '#review-rating'],
      ['Je review: Dit is een verplicht veld', '#review-text'],
      ['Naam: Dit is een verplicht veld', '#review-name'],
    ]);
    // The fields keep their own messages.
    for (const label of ['Titel', 'Beoordeling', 'Je review', 'Naam']) expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(links[2] as HTMLElement);
    expect(screen.getByLabelText('Je review')).toHaveFocus();
  });

  it('counts the characters left of the engine’s 4000 while typing, and past them, without cutting the text', async () => {
    render(<ReviewForm productId={7} />);
    const text = screen.getByLabelText('Je review');
    expect(text).toHaveAccessibleDescription('Gebruik minimaal 5 woorden. Je kunt maximaal 4000 tekens invullen');
    expect(screen.getByTestId('character-count-review-text')).toHaveTextContent('Je hebt nog 4000 tekens over');
    fireEvent.change(text, { target: { value: 'x'.repeat(4001) } });
    expect(screen.getByTestId('character-count-review-text')).toHaveTextContent('Je hebt 1 teken te veel');
    expect(text).toHaveValue('x'.repeat(4001));
  });
});
