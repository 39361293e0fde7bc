import { describe, expect, it } from 'vitest';

import { formatEuro } from './format';

describe('amounts as the staff member reads them', () => {
  it('are written from their decimal text, never through a float', () => {
    // (Intl puts a no-break space between the sign and the number.)
    expect(formatEuro('32.95', 'nl')).toBe('€\u00a032,95');
    expect(formatEuro('32.95', 'en')).toBe('€32.95');
    expect(formatEuro('32.95', 'de')).toBe('32,95\u00a0€');
    // More digits than a float holds: every one is kept.
    expect(formatEuro('12345678901234567.95', 'nl')).toBe('€\u00a012.345.678.901.234.567,95');
  });

  it('leave text that is no amount as it is', () => {
    expect(formatEuro('', 'nl')).toBe('');
    expect(formatEuro('n/a', 'en')).toBe('n/a');
  });
});
