import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates.ts';

describe('date formats (SPEC §9)', () => {
  // Built from local parts, so the expectation holds in whatever timezone the tests run.
  const seconds = Math.floor(new Date(2026, 0, 5, 9, 7, 30).getTime() / 1000);

  it('shows days as DD/MM/YYYY', () => {
    expect(formatDay({ seconds })).toBe('05/01/2026');
  });

  it('shows timestamps as DD/MM/YYYY HH:mm, 24-hour', () => {
    expect(formatDateTime({ seconds })).toBe('05/01/2026 09:07');
    expect(formatDateTime({ seconds: seconds + 12 * 3600 })).toBe('05/01/2026 21:07');
  });
});
