import { describe, expect, it } from 'vitest';
import {
  overtakenThresholds,
  thresholdsAfter,
  thresholdsKey,
  thresholdsPayload,
  validateThresholds,
} from './thresholds-form.ts';

describe('respiratory threshold form', () => {
  it('accepts ordered thresholds', () => {
    expect(validateThresholds({ low: 10, high: 28, highOrange: 33, highRed: 38 })).toEqual({});
    expect(thresholdsPayload({ low: '10', high: 28, highOrange: '33.5', highRed: 38 })).toEqual({
      low: 10,
      high: 28,
      highOrange: 33.5,
      highRed: 38,
    });
  });

  it('puts each ordering rule on the field that breaks it', () => {
    expect(validateThresholds({ low: 30, high: 30, highOrange: 29, highRed: 29 })).toEqual({
      high: 'Must be above low',
      highOrange: 'Must be above high',
      highRed: 'Must be above high-orange',
    });
  });

  it('asks for every value', () => {
    expect(validateThresholds({ low: '', high: 30, highOrange: 35, highRed: 40 })).toEqual({
      low: 'Enter a number',
    });
    expect(thresholdsPayload({ low: '', high: 30, highOrange: 35, highRed: 40 })).toBeNull();
  });

  it('compares what the form holds with the saved thresholds, typed text or numbers alike', () => {
    const saved = { low: 10, high: 24, highOrange: 25, highRed: 40 };
    expect(thresholdsKey({ low: '10', high: 24, highOrange: '25.0', highRed: 40 })).toBe(
      thresholdsKey(saved),
    );
    expect(thresholdsKey({ ...saved, high: 26 })).not.toBe(thresholdsKey(saved));
    expect(thresholdsKey({ ...saved, low: '' })).not.toBe(thresholdsKey(saved));
  });
});

describe('thresholds being edited when others are saved elsewhere', () => {
  const start = { low: 10, high: 24, highOrange: 25, highRed: 40 };
  const draft = (values: Partial<Record<keyof typeof start, number | string>>) => ({
    values: { ...start, ...values },
    base: start,
  });

  it('moves the fields the vet left alone to the saved values and keeps what was typed', () => {
    const saved = { low: 10, high: 23, highOrange: 31, highRed: 41 };
    const after = thresholdsAfter(draft({ high: '26' }), saved);
    expect(after.values).toEqual({ low: 10, high: '26', highOrange: 31, highRed: 41 });
    expect(overtakenThresholds(after.base, saved)).toEqual(['high']);
  });

  it('says nothing is overtaken when the typed fields were not changed elsewhere', () => {
    const saved = { ...start, low: 12 };
    const after = thresholdsAfter(draft({ highRed: 45 }), saved);
    expect(after.values).toEqual({ ...start, low: 12, highRed: 45 });
    expect(overtakenThresholds(after.base, saved)).toEqual([]);
  });

  it('is in step again where the vet typed what was saved, and keeps an emptied field as typed', () => {
    const saved = { low: 11, high: 26, highOrange: 25, highRed: 40 };
    const after = thresholdsAfter(draft({ low: '', high: '26.0' }), saved);
    expect(after.values).toEqual({ ...start, low: '', high: '26.0' });
    expect(overtakenThresholds(after.base, saved)).toEqual(['low']);
  });

  it('changes nothing when the saved thresholds are the ones the draft started from', () => {
    const same = draft({ high: 27 });
    expect(thresholdsAfter(same, start)).toBe(same);
  });
});
