import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n } from '../../i18n';
import { ANNOUNCE_DELAY_MS } from './CharacterCount';
import { FormField } from './Form';

beforeAll(async () => {
  await initI18n('nl');
});

afterEach(() => {
  vi.useRealTimers();
});

function Comment({ max, threshold, initial = '' }: { max: number; threshold?: number; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <FormField name="comment" label="Opmerking" count={{ value, max, threshold }}>
      {(props) => <textarea {...props} value={value} onChange={(event) => setValue(event.target.value)} />}
    </FormField>
  );
}

const count = () => screen.getByTestId('character-count-field-comment');
const live = () => screen.getByTestId('character-count-live-field-comment');
const type = (value: string) => fireEvent.change(screen.getByLabelText('Opmerking'), { target: { value } });

describe('character count', () => {
  it('says how many characters are left while typing, and how many too many, never cutting the text', () => {
    render(<Comment max={20} />);
    expect(screen.getByLabelText('Opmerking')).toHaveAccessibleDescription('Je kunt maximaal 20 tekens invullen');
    expect(count()).toHaveTextContent('Je hebt nog 20 tekens over');
    type('Acht tek');
    expect(count()).toHaveTextContent('Je hebt nog 12 tekens over');
    type('x'.repeat(19));
    expect(count()).toHaveTextContent('Je hebt nog 1 teken over');
    type('x'.repeat(21));
    expect(count()).toHaveTextContent('Je hebt 1 teken te veel');
    type('x'.repeat(23));
    expect(count()).toHaveTextContent('Je hebt 3 tekens te veel');
    expect(screen.getByLabelText('Opmerking')).toHaveValue('x'.repeat(23));
  });

  it('counts as the engine does: an emoji is one character, spaces around the text none', () => {
    render(<Comment max={10} />);
    type('  🐴🐴  ');
    expect(count()).toHaveTextContent('Je hebt nog 8 tekens over');
  });

  it('warns near the limit and past it with a sign and weight, not colour alone', () => {
    render(<Comment max={100} />);
    type('x'.repeat(89));
    expect(count()).toHaveAttribute('data-state', 'ok');
    expect(count().querySelector('svg')).toBeNull();
    type('x'.repeat(90));
    expect(count()).toHaveAttribute('data-state', 'near');
    expect(count().querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    type('x'.repeat(101));
    expect(count()).toHaveAttribute('data-state', 'over');
    expect(count().querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('reads the count out in a polite live region once typing pauses, not at every key nor when the page opens', () => {
    vi.useFakeTimers();
    render(<Comment max={20} />);
    expect(live()).toHaveAttribute('aria-live', 'polite');
    expect(count()).toHaveAttribute('aria-hidden', 'true');
    act(() => {
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS * 2);
    });
    expect(live()).toHaveTextContent('');
    type('abc');
    act(() => {
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2);
    });
    type('abcd');
    act(() => {
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2);
    });
    expect(live()).toHaveTextContent('');
    act(() => {
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2);
    });
    expect(live()).toHaveTextContent('Je hebt nog 16 tekens over');
  });

  it('with a threshold shows the count only from that share of the limit on', () => {
    render(<Comment max={100} threshold={0.75} />);
    expect(screen.queryByTestId('character-count-field-comment')).toBeNull();
    expect(screen.getByLabelText('Opmerking')).toHaveAccessibleDescription('Je kunt maximaal 100 tekens invullen');
    type('x'.repeat(75));
    expect(count()).toHaveTextContent('Je hebt nog 25 tekens over');
    type('x'.repeat(300));
    expect(count()).toHaveTextContent('Je hebt 200 tekens te veel');
  });
});
