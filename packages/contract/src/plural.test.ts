import { describe, expect, it } from 'vitest';
import { countOf, periodOf, pluralForm } from './plural.ts';

const answer = { one: 'problematic answer', other: 'problematic answers' };

describe('plural forms', () => {
  it('uses the singular for one only', () => {
    expect(pluralForm(1, answer)).toBe('problematic answer');
    expect(pluralForm(0, answer)).toBe('problematic answers');
    expect(pluralForm(2, answer)).toBe('problematic answers');
    expect(pluralForm(1.5, answer)).toBe('problematic answers');
  });

  it('writes the count with its word, grouped in thousands', () => {
    expect(countOf(1, answer)).toBe('1 problematic answer');
    expect(countOf(3, answer)).toBe('3 problematic answers');
    expect(countOf(1200, { one: 'card', other: 'cards' })).toBe('1,200 cards');
  });

  it('writes a span of days in one unit a vet would use', () => {
    expect(periodOf(1)).toBe('1 day');
    expect(periodOf(13)).toBe('13 days');
    expect(periodOf(14)).toBe('2 weeks');
    expect(periodOf(21)).toBe('3 weeks');
    expect(periodOf(28)).toBe('4 weeks');
    expect(periodOf(90)).toBe('13 weeks');
    // Rusty's demo card said "three weeks" and "105 days" at once (issue #39).
    expect(periodOf(105)).toBe('3 months');
    expect(periodOf(365)).toBe('12 months');
  });
});
