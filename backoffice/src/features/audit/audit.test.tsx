import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AuditEntry } from '../../api/contract';
import { mockApi, type MockRequest } from '../../test/api';
import { currentPath, renderApp } from '../../test/app';
import { expectAccessible } from '../../test/axe';
import { staffMe } from '../../test/fixtures';

function entry(entryId: number): AuditEntry {
  return {
    entryId,
    at: Date.UTC(2025, 0, 1, 12, 0) + entryId * 60_000,
    actor: { kind: 'staff', id: 'st_2', name: 'Bram Jansen' },
    address: '192.0.2.1',
    action: 'order.refunded',
    entityType: 'order',
    entityId: `HS-${entryId}`,
    changes: [{ field: 'status', before: 'paid', after: 'refunded' }],
  };
}

/** Answers every audit page with 120 entries in all, `pageSize` of them (or what is left). */
function auditApi(): MockRequest[] {
  return mockApi([
    {
      url: /^\/api\/backoffice\/audit\?/,
      respond: ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        const page = Number(query.get('page'));
        const size = Number(query.get('pageSize'));
        const first = (page - 1) * size;
        return { entries: Array.from({ length: Math.max(0, Math.min(size, 120 - first)) }, (_, index) => entry(first + index + 1)), total: 120 };
      },
    },
  ]);
}

const auditUrls = (requests: MockRequest[]) => requests.map((request) => request.url);

describe('the audit trail', () => {
  it('asks the server for the newest page first, then the next page, and for the other sort order', async () => {
    const requests = auditApi();
    const { router } = renderApp('/audit', { me: staffMe(['audit.read']) });
    expect(await screen.findByText('HS-1')).toBeInTheDocument();
    expect(screen.getByText('120 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');
    await expectAccessible();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('HS-51')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/audit?page=2');

    fireEvent.click(screen.getByRole('button', { name: /^Time/ }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'ascending'));
    expect(await screen.findByText('HS-1')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    expect(await screen.findByText('HS-100')).toBeInTheDocument();

    expect(auditUrls(requests)).toEqual([
      '/api/backoffice/audit?sort=-at&page=1&pageSize=50',
      '/api/backoffice/audit?sort=-at&page=2&pageSize=50',
      '/api/backoffice/audit?sort=at&page=1&pageSize=50',
      '/api/backoffice/audit?sort=at&page=1&pageSize=100',
    ]);
    expect(requests.every((request) => request.credentials === 'same-origin')).toBe(true);
  });

  it('filters by entity type, entity id and actor on the server, from page 1, with the CSV link on the same filters', async () => {
    const requests = auditApi();
    renderApp('/audit?page=2&sort=at', { me: staffMe(['audit.read']) });
    expect(await screen.findByText('HS-51')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Entity type'), { target: { value: ' order ' } });
    fireEvent.change(screen.getByLabelText('Entity id'), { target: { value: 'HS-7' } });
    fireEvent.change(screen.getByLabelText('Actor (id)'), { target: { value: 'st_2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.url).toBe('/api/backoffice/audit?actor=st_2&entityType=order&entityId=HS-7&sort=at&page=1&pageSize=50');
    expect(screen.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute(
      'href',
      '/api/backoffice/audit.csv?actor=st_2&entityType=order&entityId=HS-7&sort=at',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]?.url).toBe('/api/backoffice/audit?sort=at&page=1&pageSize=50');
  });

  it('filters by days, the last one included, in the staff member’s time zone', async () => {
    const requests = auditApi();
    const { router } = renderApp('/audit', { me: staffMe(['audit.read']) });
    expect(await screen.findByText('HS-1')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From (day)'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To (day, included)'), { target: { value: '2026-11-28' } });
    expect(screen.getByLabelText('From (day)')).toHaveAttribute('max', '2026-11-28');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    const from = new Date(2026, 10, 1).getTime();
    const to = new Date(2026, 10, 29).getTime();
    expect(requests[1]?.url).toBe(`/api/backoffice/audit?from=${from}&to=${to}&sort=-at&page=1&pageSize=50`);
    expect(currentPath(router)).toBe('/admin/audit?from=2026-11-01&to=2026-11-28');
    expect(screen.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('href', `/api/backoffice/audit.csv?from=${from}&to=${to}&sort=-at`);
  });

  it('leaves out a day in the address that is no day', async () => {
    const requests = auditApi();
    renderApp('/audit?from=2026-13-45&to=yesterday', { me: staffMe(['audit.read']) });
    expect(await screen.findByText('HS-1')).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/backoffice/audit?sort=-at&page=1&pageSize=50');
    expect(screen.getByLabelText('From (day)')).toHaveValue('');
  });

  it('says when nothing matches, and offers to try again after a failure', async () => {
    let fail = true;
    mockApi([
      {
        url: /^\/api\/backoffice\/audit\?/,
        respond: () => (fail ? new Response('', { status: 500 }) : { entries: [], total: 0 }),
      },
    ]);
    renderApp('/audit', { me: staffMe(['audit.read']) });
    expect(await screen.findByText('Something went wrong on the server.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No entries found.')).toBeInTheDocument();
  });
});
