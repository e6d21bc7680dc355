import { describe, expect, it } from 'vitest';
import { formatCalendarDate, todayIn } from './calendar-date.ts';
import { booleanLabel, countryName } from './labels.ts';
import { petAgeLabel } from './pet-age.ts';

describe('booleanLabel (SPEC §9)', () => {
  it('says Yes, No, or Unknown when nothing was recorded', () => {
    expect(booleanLabel(true)).toBe('Yes');
    expect(booleanLabel(false)).toBe('No');
    expect(booleanLabel(null)).toBe('Unknown');
    expect(booleanLabel(undefined)).toBe('Unknown');
  });
});

describe('formatCalendarDate', () => {
  it('writes the day first, padded', () => {
    expect(formatCalendarDate({ year: 2026, month: 3, day: 7 })).toBe('07/03/2026');
  });
});

describe('todayIn', () => {
  // 23:30 UTC on 31 January is already 1 February in Berlin, still 31 January in London and New York.
  const lateEvening = new Date('2026-01-31T23:30:00Z');

  it("gives the calendar date at the pet's home", () => {
    expect(todayIn('Europe/London', lateEvening)).toEqual({ year: 2026, month: 1, day: 31 });
    expect(todayIn('Europe/Berlin', lateEvening)).toEqual({ year: 2026, month: 2, day: 1 });
  });

  it('falls back to the browser zone for a zone it does not know', () => {
    expect(todayIn('Mars/Olympus_Mons', lateEvening)).toEqual(todayIn(undefined, lateEvening));
  });
});

describe('petAgeLabel', () => {
  const birth = { year: 2020, month: 2, day: 1 };
  const lateEvening = new Date('2026-01-31T23:30:00Z');

  it('counts whole years and months up to today in the given timezone', () => {
    expect(petAgeLabel(birth, 'Europe/London', lateEvening)).toBe('5 years 11 months');
    // Berlin has reached the birthday already.
    expect(petAgeLabel(birth, 'Europe/Berlin', lateEvening)).toBe('6 years');
  });

  it('shows months for a puppy, and Unknown without a birth date', () => {
    expect(petAgeLabel({ year: 2025, month: 12, day: 15 }, 'UTC', new Date('2026-03-20T12:00:00Z'))).toBe(
      '3 months',
    );
    expect(petAgeLabel({ year: 2025, month: 3, day: 20 }, 'UTC', new Date('2026-04-20T12:00:00Z'))).toBe(
      '1 year 1 month',
    );
    expect(petAgeLabel(null, 'UTC')).toBe('Unknown');
  });
});

describe('countryName', () => {
  it('names a country from its code, and keeps what it cannot name', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('de')).toBe('Germany');
    expect(countryName(null)).toBeNull();
    expect(countryName('Narnia')).toBe('Narnia');
  });
});
