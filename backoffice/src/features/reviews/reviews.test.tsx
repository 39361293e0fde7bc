import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ModeratedReview } from '../../api/contract';
import { json, mockApi } from '../../test/api';
import { renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

function review(reviewId: number, title: string): ModeratedReview {
  return {
    reviewId,
    productId: 101,
    productName: 'Hoefslag Sport Muesli',
    siteId: 1,
    languageId: 1,
    reviewerName: 'Anna',
    rating: 4,
    title,
    text: 'Mijn paard eet het graag.',
    status: 'pending',
    createdAt: '2026-11-27T09:00:00Z',
  };
}

/** An inbox that answers what is still pending, and records each decision. */
function inboxApi(titles: string[]) {
  let pending = titles.map((title, index) => review(index + 1, title));
  const decide =
    (status: 'approved' | 'rejected') =>
    ({ url }: { url: string }) => {
      const reviewId = Number(url.split('/')[4]);
      const decided = pending.find((candidate) => candidate.reviewId === reviewId);
      pending = pending.filter((candidate) => candidate.reviewId !== reviewId);
      return json({ ...decided, status });
    };
  return mockApi([
    { url: /^\/api\/backoffice\/reviews\?/, respond: () => ({ total: pending.length, page: 1, pageSize: 20, reviews: pending }) },
    { method: 'POST', url: /\/approve$/, respond: decide('approved') },
    { method: 'POST', url: /\/reject$/, respond: decide('rejected') },
  ]);
}

describe('the reviews inbox', () => {
  it('approves one review and rejects the selected ones together', async () => {
    const requests = inboxApi(['Lekker', 'Spam', 'Reclame']);
    renderApp('/reviews', { me: staffMe(['reviews.moderate']) });
    expect(await screen.findByText('3 reviews await moderation.')).toBeInTheDocument();
    expect(screen.getAllByText('Hoefslag Sport Muesli · 4 of 5 stars · Anna', { exact: false })).toHaveLength(3);
    await expectAccessible();

    fireEvent.click(screen.getAllByRole('button', { name: 'Approve' })[0]!);
    expect(await screen.findByText('1 review approved.')).toBeInTheDocument();
    // The inbox reloads: the two left are listed again.
    expect(await screen.findByText('2 reviews await moderation.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lekker' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Select “Spam”'));
    fireEvent.click(screen.getByLabelText('Select “Reclame”'));
    fireEvent.click(screen.getByRole('button', { name: 'Reject the selected (2)' }));
    expect(await screen.findByText('2 reviews rejected.')).toBeInTheDocument();
    expect(await screen.findByText('No reviews await moderation.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      '/api/backoffice/reviews/1/approve',
      '/api/backoffice/reviews/2/reject',
      '/api/backoffice/reviews/3/reject',
    ]);
  });

  it('moderates by keyboard: j goes on, x selects, a approves', async () => {
    const requests = inboxApi(['Lekker', 'Goed']);
    renderApp('/reviews', { me: staffMe(['reviews.moderate']) });
    const first = await screen.findByLabelText('Select “Lekker”');
    first.focus();
    fireEvent.keyDown(first, { key: 'j' });
    const second = screen.getByLabelText('Select “Goed”');
    expect(second).toHaveFocus();
    fireEvent.keyDown(second, { key: 'x' });
    expect(second).toBeChecked();
    fireEvent.keyDown(second, { key: 'a' });
    expect(await screen.findByText('1 review approved.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.url).toBe('/api/backoffice/reviews/2/approve');
  });
});
