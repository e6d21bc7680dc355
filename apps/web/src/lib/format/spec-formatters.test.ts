import { describe, expect, it } from 'vitest';
import { formatHours, formatVetDateTime, truncate } from './spec-formatters.ts';

describe('the SPEC §9 hours formatter', () => {
  it("shows '0h', '24h' and '+24h' at and past the day's edges", () => {
    expect(formatHours(0)).toBe('0h');
    expect(formatHours(24)).toBe('24h');
    expect(formatHours(24.01)).toBe('+24h');
    expect(formatHours(100)).toBe('+24h');
  });

  it('shows hours and minutes in between, zero-padded, minutes rounded down', () => {
    expect(formatHours(1.5)).toBe('01:30h');
    expect(formatHours(0.25)).toBe('00:15h');
    expect(formatHours(23.999)).toBe('23:59h');
    expect(formatHours(12)).toBe('12:00h');
  });
});

describe('truncation', () => {
  it("cuts a long note and ends it with '...' within the limit", () => {
    expect(truncate('Itchy left ear since Monday', 12)).toBe('Itchy lef...');
    expect(truncate('Itchy left ear since Monday', 12)).toHaveLength(12);
  });

  it('leaves a text that fits as it is, and takes another ending when asked', () => {
    expect(truncate('Short', 5)).toBe('Short');
    expect(truncate('Long enough text', 8, '…')).toBe('Long en…');
  });

  it('never splits an emoji or accented letter in two', () => {
    expect(truncate('🐶🐶🐶🐶🐶🐶', 5)).toBe('🐶🐶...');
  });
});

describe('the vet view date and time', () => {
  it('is DD/MM/YYYY HH:MM:SS, in UTC unless a zone is given', () => {
    const seconds = Date.UTC(2026, 10, 1, 9, 5, 7) / 1000;
    expect(formatVetDateTime({ seconds })).toBe('01/11/2026 09:05:07');
    expect(formatVetDateTime({ seconds }, 'Europe/Lisbon')).toBe('01/11/2026 09:05:07');
    expect(formatVetDateTime({ seconds }, 'Asia/Kolkata')).toBe('01/11/2026 14:35:07');
  });
});
