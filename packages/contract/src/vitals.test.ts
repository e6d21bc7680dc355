import { describe, expect, it } from 'vitest';
import { vitalChange, weightTargetPosition } from './vitals.ts';

describe('a vital against the previous period', () => {
  it('gives the difference and the percentage, rounded for display', () => {
    expect(vitalChange('average', 21.456, 19.5)).toEqual({
      measure: 'average',
      current: 21.46,
      previous: 19.5,
      delta: 1.96,
      percent: 10,
    });
    expect(vitalChange('total', 45, 90)).toMatchObject({ delta: -45, percent: -50 });
  });

  it('has no change without both periods, and no percentage against nothing', () => {
    expect(vitalChange('total', 12, null)).toEqual({
      measure: 'total',
      current: 12,
      previous: null,
      delta: null,
      percent: null,
    });
    expect(vitalChange('total', 3, 0)).toMatchObject({ delta: 3, percent: null });
    expect(vitalChange('average', null, 20)).toMatchObject({ current: null, delta: null });
  });
});

describe('a weight against its target', () => {
  it('is at the target within 1 % of it, else below or above', () => {
    expect(weightTargetPosition(10.1, 10)).toBe('at');
    expect(weightTargetPosition(9.9, 10)).toBe('at');
    expect(weightTargetPosition(10.11, 10)).toBe('above');
    expect(weightTargetPosition(9.85, 10)).toBe('below');
  });
});
