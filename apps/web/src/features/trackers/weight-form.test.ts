import type { WeightEntry } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import {
  validateWeightForm,
  type WeightFormValues,
  weightFormValues,
  weightInKg,
  weightPayload,
} from './weight-form.ts';

const LONDON = 'Europe/London';
const now = new Date('2026-11-21T10:00:00Z');

const values = (patch: Partial<WeightFormValues>): WeightFormValues => ({
  value: 8.5,
  unit: 'kg',
  location: 'vet',
  measuredAt: '2026-11-20 09:30:00',
  note: '',
  ...patch,
});

describe('weight in the vet’s unit, saved in kg (SPEC §9: 1 g = 0.002205 lbs, 2 decimals)', () => {
  it('converts pounds to kilograms', () => {
    expect(weightInKg(20, 'lbs')).toBe(9.07);
    expect(weightInKg('18.75', 'lbs')).toBe(8.5);
    expect(weightInKg(1, 'lbs')).toBe(0.45);
  });

  it('rounds kilograms to 2 decimals and refuses what is not a number', () => {
    expect(weightInKg(8.456, 'kg')).toBe(8.46);
    expect(weightInKg('', 'kg')).toBeNull();
    expect(weightInKg('abc', 'lbs')).toBeNull();
  });

  it('sends kilograms and the time on the pet’s clock', () => {
    expect(weightPayload(values({ value: 20, unit: 'lbs', note: '  after a walk ' }), LONDON)).toEqual({
      value: 9.07,
      measuredAt: { seconds: Date.parse('2026-11-20T09:30:00Z') / 1000 },
      location: 'vet',
      note: 'after a walk',
    });
    // Summer time: 09:30 in London is 08:30 UTC.
    expect(weightPayload(values({ measuredAt: '2026-07-01 09:30:00' }), LONDON)?.measuredAt.seconds).toBe(
      Date.parse('2026-07-01T08:30:00Z') / 1000,
    );
    expect(weightPayload(values({ note: '   ' }), LONDON)?.note).toBeNull();
  });
});

describe('validateWeightForm', () => {
  it('accepts a plausible weight', () => {
    expect(validateWeightForm(values({}), LONDON, now)).toEqual({});
  });

  it('holds pounds to the same limits as kilograms', () => {
    expect(validateWeightForm(values({ value: 450, unit: 'lbs' }), LONDON, now)).toEqual({
      value: 'Must be below 200 kg',
    });
    expect(validateWeightForm(values({ value: 440, unit: 'lbs' }), LONDON, now)).toEqual({});
    expect(validateWeightForm(values({ value: 0 }), LONDON, now)).toEqual({ value: 'Must be above 0 kg' });
  });

  it('asks for a weight and a time, not in the future', () => {
    expect(validateWeightForm(values({ value: '' }), LONDON, now).value).toBe('Enter the weight');
    expect(validateWeightForm(values({ measuredAt: null }), LONDON, now).measuredAt).toBe(
      'Enter when it was measured',
    );
    expect(validateWeightForm(values({ measuredAt: '2026-11-21 12:00:00' }), LONDON, now).measuredAt).toBe(
      'Cannot be in the future',
    );
  });
});

describe('weightFormValues', () => {
  it('starts a new entry now, on the pet’s clock, at the vet’s', () => {
    const start = weightFormValues(null, 'Europe/Berlin', now);
    expect(start).toMatchObject({
      value: '',
      unit: 'kg',
      location: 'vet',
      measuredAt: '2026-11-21 11:00:00',
    });
  });

  it('starts a correction from the entry, in kg', () => {
    const entry = {
      uuid: '0190b3c2-4e5a-7a01-8c11-0000000000aa',
      value: 8.62,
      measuredAt: { seconds: Date.parse('2026-07-01T08:30:00Z') / 1000 },
      location: 'home',
      note: null,
    } as WeightEntry;
    expect(weightFormValues(entry, LONDON, now)).toEqual({
      value: 8.62,
      unit: 'kg',
      location: 'home',
      measuredAt: '2026-07-01 09:30:00',
      note: '',
    });
  });
});
