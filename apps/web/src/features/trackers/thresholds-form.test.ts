import { describe, expect, it } from 'vitest';
import { thresholdsKey, thresholdsPayload, validateThresholds } from './thresholds-form.ts';

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
