import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { UspList } from '../layout/Usps';
import { initI18n } from '../../i18n';
import { Icon } from './Icon';

beforeAll(async () => {
  await initI18n('nl');
});

afterEach(() => vi.restoreAllMocks());

describe('icons by name', () => {
  it('shows a known icon as an inline SVG, hidden from screen readers', () => {
    const { container } = render(<Icon name="truck" className="icon" />);
    const svg = container.firstElementChild;
    expect(svg?.tagName).toBe('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('data-icon', 'truck');
    expect(svg).toHaveClass('icon');
    expect(container.textContent).toBe('');
  });

  it('draws every icon the content names', () => {
    for (const name of ['truck', 'clock', 'euro', 'lock', 'return', 'chat']) {
      const { container } = render(<Icon name={name} />);
      expect(container.querySelector(`svg[data-icon="${name}"]`), name).not.toBeNull();
    }
  });

  it('logs a warning for an unknown name and renders nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = render(<Icon name="unicorn" />);
    expect(container.innerHTML).toBe('');
    expect(warn).toHaveBeenCalledWith('Unknown icon name: "unicorn"');
  });

  it('takes no name of the object’s prototype for an icon', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = render(<Icon name="toString" />);
    expect(container.innerHTML).toBe('');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('leaves a selling point with an unknown icon without a symbol', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <UspList
        usps={[
          { icon: 'truck', text: 'Voor 22:00 besteld, morgen in huis' },
          { icon: 'hoefijzer', text: 'Advies van onze voerspecialisten' },
        ]}
        label="USP"
        testId="usps"
      />,
    );
    expect(
      within(screen.getByTestId('usps'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Voor 22:00 besteld, morgen in huis', 'Advies van onze voerspecialisten']);
    expect(screen.getByTestId('usps').querySelectorAll('svg')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Unknown icon name: "hoefijzer"');
  });
});
