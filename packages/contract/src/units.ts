/**
 * Unit conversions (SPEC §3, §5, §9): 1 g = 0.002205 lbs, 1 oz = 28.35 g, 1 ml = 0.9 g; results are
 * rounded to 2 decimals. Mass units convert among themselves; millilitres convert only to and from the
 * food-amount masses (g, kg, oz, lbs), because the 0.9 g/ml density is a food approximation that means
 * nothing for mg or mcg doses of supplements.
 */
export const units = ['g', 'kg', 'oz', 'lbs', 'ml', 'mg', 'mcg'] as const;
export type Unit = (typeof units)[number];

const MASS_UNITS: ReadonlySet<Unit> = new Set(['g', 'kg', 'oz', 'lbs', 'mg', 'mcg']);
const VOLUME_COMPATIBLE: ReadonlySet<Unit> = new Set(['ml', 'g', 'kg', 'oz', 'lbs']);

export const LBS_PER_GRAM = 0.002205;
export const GRAMS_PER_OUNCE = 28.35;
export const GRAMS_PER_MILLILITRE = 0.9;

function toGrams(value: number, unit: Unit): number {
  switch (unit) {
    case 'g':
      return value;
    case 'kg':
      return value * 1000;
    case 'mg':
      return value / 1000;
    case 'mcg':
      return value / 1_000_000;
    case 'oz':
      return value * GRAMS_PER_OUNCE;
    case 'lbs':
      return value / LBS_PER_GRAM;
    case 'ml':
      return value * GRAMS_PER_MILLILITRE;
  }
}

function fromGrams(grams: number, unit: Unit): number {
  switch (unit) {
    case 'g':
      return grams;
    case 'kg':
      return grams / 1000;
    case 'mg':
      return grams * 1000;
    case 'mcg':
      return grams * 1_000_000;
    case 'oz':
      return grams / GRAMS_PER_OUNCE;
    case 'lbs':
      return grams * LBS_PER_GRAM;
    case 'ml':
      return grams / GRAMS_PER_MILLILITRE;
  }
}

export class UnsupportedConversionError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`${from} to ${to} conversion is not supported`);
    this.name = 'UnsupportedConversionError';
  }
}

export function isUnit(value: unknown): value is Unit {
  return typeof value === 'string' && (units as readonly string[]).includes(value);
}

export function isConversionSupported(from: string, to: string): boolean {
  if (!isUnit(from) || !isUnit(to)) return false;
  if (from === to) return true;
  if (from === 'ml' || to === 'ml') return VOLUME_COMPATIBLE.has(from) && VOLUME_COMPATIBLE.has(to);
  return MASS_UNITS.has(from) && MASS_UNITS.has(to);
}

/** Half away from zero, to 2 decimals, without the binary artefacts of `x * 100` (1.005 → 1.01). */
export function roundTo2(value: number): number {
  const rounded = Math.round(Number(`${Math.abs(value)}e2`)) / 100;
  return Math.sign(value) * rounded || 0;
}

/** Converts without rounding, for sums that round once at the end. */
export function convertExact(value: number, from: string, to: string): number {
  if (!isConversionSupported(from, to)) throw new UnsupportedConversionError(from, to);
  if (from === to) return value;
  return fromGrams(toGrams(value, from as Unit), to as Unit);
}

/** SPEC §9: converted values are rounded to 2 decimals. */
export function convertUnit(value: number, from: string, to: string): number {
  return roundTo2(convertExact(value, from, to));
}
