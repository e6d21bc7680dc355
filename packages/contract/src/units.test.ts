import { describe, expect, it } from 'vitest';
import { convertUnit, isConversionSupported, roundTo2, type Unit, units } from './units.ts';

const supportedPairs: Array<[Unit, Unit, number, number]> = [
  // [from, to, input, expected], hand-computed from SPEC §9's factors.
  ['g', 'kg', 1500, 1.5],
  ['g', 'oz', 100, 3.53], // 100 / 28.35 = 3.527
  ['g', 'lbs', 1000, 2.21], // 1000 × 0.002205 = 2.205 → 2.21
  ['g', 'ml', 90, 100],
  ['g', 'mg', 1.5, 1500],
  ['g', 'mcg', 0.25, 250000],
  ['kg', 'g', 2.5, 2500],
  ['kg', 'oz', 1, 35.27], // 1000 / 28.35 = 35.273
  ['kg', 'lbs', 10, 22.05],
  ['kg', 'ml', 0.9, 1000],
  ['kg', 'mg', 0.002, 2000],
  ['kg', 'mcg', 0.000001, 1000],
  ['oz', 'g', 2, 56.7],
  ['oz', 'kg', 10, 0.28], // 283.5 g
  ['oz', 'lbs', 16, 1], // 453.6 g × 0.002205 = 1.0002
  ['oz', 'ml', 9, 283.5], // 255.15 g / 0.9
  ['oz', 'mg', 0.1, 2835],
  ['oz', 'mcg', 0.001, 28350],
  ['lbs', 'g', 1, 453.51], // 1 / 0.002205 = 453.514
  ['lbs', 'kg', 22.05, 10],
  ['lbs', 'oz', 1, 16], // 453.514 / 28.35 = 15.997
  ['lbs', 'ml', 1, 503.91], // 453.5147 / 0.9 = 503.9052
  ['lbs', 'mg', 0.01, 4535.15],
  ['lbs', 'mcg', 0.0001, 45351.47],
  ['ml', 'g', 250, 225],
  ['ml', 'kg', 1000, 0.9],
  ['ml', 'oz', 100, 3.17], // 90 / 28.35 = 3.1746
  ['ml', 'lbs', 1000, 1.98], // 900 × 0.002205 = 1.9845
  ['mg', 'g', 1250, 1.25],
  ['mg', 'kg', 5_000_000, 5],
  ['mg', 'oz', 28350, 1],
  ['mg', 'lbs', 1_000_000, 2.21],
  ['mg', 'mcg', 0.5, 500],
  ['mcg', 'g', 2_500_000, 2.5],
  ['mcg', 'kg', 3_000_000_000, 3],
  ['mcg', 'oz', 56_700_000, 2],
  ['mcg', 'lbs', 1_000_000_000, 2.21],
  ['mcg', 'mg', 1500, 1.5],
];

const unsupportedPairs: Array<[Unit, Unit]> = [
  ['ml', 'mg'],
  ['ml', 'mcg'],
  ['mg', 'ml'],
  ['mcg', 'ml'],
];

describe('unit conversions (SPEC §9)', () => {
  it.each(supportedPairs)('converts %s to %s', (from, to, input, expected) => {
    expect(isConversionSupported(from, to)).toBe(true);
    expect(convertUnit(input, from, to)).toBe(expected);
  });

  it('covers every ordered pair of distinct units, supported or not', () => {
    const covered = new Set([...supportedPairs, ...unsupportedPairs].map(([from, to]) => `${from}>${to}`));
    for (const from of units) {
      for (const to of units) {
        if (from !== to) expect(covered.has(`${from}>${to}`), `${from} to ${to}`).toBe(true);
      }
    }
  });

  it.each(unsupportedPairs)('refuses %s to %s with the spec message', (from, to) => {
    expect(isConversionSupported(from, to)).toBe(false);
    expect(() => convertUnit(1, from, to)).toThrow(`${from} to ${to} conversion is not supported`);
  });

  it('names unknown units in the same message', () => {
    expect(() => convertUnit(1, 'cups', 'g')).toThrow('cups to g conversion is not supported');
    expect(() => convertUnit(1, 'g', 'stone')).toThrow('g to stone conversion is not supported');
  });

  it.each(units)('keeps %s as is, rounded', (unit) => {
    expect(convertUnit(12.345, unit, unit)).toBe(12.35);
  });

  it('rounds half away from zero to 2 decimals without float artefacts', () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(2.675)).toBe(2.68);
    expect(roundTo2(-1.005)).toBe(-1.01);
    expect(roundTo2(0.004)).toBe(0);
    expect(roundTo2(1e-7)).toBe(0);
  });
});
