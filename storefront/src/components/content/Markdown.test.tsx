import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { Markdown } from './Markdown';

const renderBody = (source: string) =>
  render(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );

describe('a content body', () => {
  it('links to the site’s own pages, in paragraphs and list items', () => {
    renderBody('Wilt u bij ons werken? Bekijk [onze vacatures](/werken-bij/).\n\n- [Over ons](/over-ons/) en meer');
    expect(screen.getByRole('link', { name: 'onze vacatures' })).toHaveAttribute('href', '/werken-bij/');
    expect(screen.getByText(/Wilt u bij ons werken\? Bekijk/).textContent).toBe('Wilt u bij ons werken? Bekijk onze vacatures.');
    expect(screen.getByRole('link', { name: 'Over ons' })).toHaveAttribute('href', '/over-ons/');
  });

  it('links nowhere else: another host or a script stays text as written', () => {
    renderBody('[elders](https://example.com/) [ook](//example.com/) [script](javascript:alert(1))');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/elders/).textContent).toBe('[elders](https://example.com/) [ook](//example.com/) [script](javascript:alert(1))');
  });
});
