import { describe, expect, it } from 'vitest';
import { countOf, pluralForm } from './plural.ts';

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
});
