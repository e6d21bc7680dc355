import {
  convertUnit,
  roundTo2,
  type WeightEntry,
  type WeightEntryUpdate,
  type WeightLocation,
  weightEntryUpdateSchema,
} from '@vetboard/contract';
import { inZone, zonedToSeconds } from '@/lib/format/zoned-time.ts';

/** The units a vet may type a weight in; the API always takes kilograms (SPEC §9 factors). */
export const weightUnits = ['kg', 'lbs'] as const;
export type WeightUnit = (typeof weightUnits)[number];

/** What the form holds: '' for an empty number, and the time as `YYYY-MM-DD HH:mm:ss` on the pet's wall clock. */
export interface WeightFormValues {
  value: number | string;
  unit: WeightUnit;
  location: WeightLocation;
  measuredAt: string | null;
  note: string;
}

export const WEIGHT_FORM_FIELDS = ['value', 'measuredAt', 'location', 'note'] as const;

const LOCAL_DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** A new entry starts now, at the vet's; a correction starts from the entry, in kilograms. */
export function weightFormValues(
  entry: WeightEntry | null,
  timezone: string,
  now: Date = new Date(),
): WeightFormValues {
  if (!entry) {
    return {
      value: '',
      unit: 'kg',
      location: 'vet',
      measuredAt: inZone(Math.floor(now.getTime() / 1000), timezone)
        .second(0)
        .format(LOCAL_DATE_TIME),
      note: '',
    };
  }
  return {
    value: entry.value,
    unit: 'kg',
    location: entry.location,
    measuredAt: inZone(entry.measuredAt.seconds, timezone).format(LOCAL_DATE_TIME),
    note: entry.note ?? '',
  };
}

/** The typed weight in kilograms, to 2 decimals as the API stores it; null when nothing usable was typed. */
export function weightInKg(value: number | string, unit: WeightUnit): number | null {
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(number)) return null;
  return unit === 'kg' ? roundTo2(number) : convertUnit(number, unit, 'kg');
}

/** The body of POST/PUT /v1/weight-history (less the pet), or null while the form is incomplete. */
export function weightPayload(values: WeightFormValues, timezone: string): WeightEntryUpdate | null {
  const kg = weightInKg(values.value, values.unit);
  if (kg === null || !values.measuredAt) return null;
  const note = values.note.trim();
  return {
    value: kg,
    measuredAt: { seconds: zonedToSeconds(values.measuredAt, timezone) },
    location: values.location,
    note: note ? note : null,
  };
}

/**
 * The contract's own rules (above 0 and below 200 kg, a note of at most 1000 characters), applied to
 * the converted value so a weight typed in pounds is held to the same limits.
 */
export function validateWeightForm(
  values: WeightFormValues,
  timezone: string,
  now: Date = new Date(),
): Partial<Record<(typeof WEIGHT_FORM_FIELDS)[number], string>> {
  const errors: Partial<Record<(typeof WEIGHT_FORM_FIELDS)[number], string>> = {};
  if (weightInKg(values.value, values.unit) === null) errors.value = 'Enter the weight';
  if (!values.measuredAt) errors.measuredAt = 'Enter when it was measured';
  else if (zonedToSeconds(values.measuredAt, timezone) * 1000 > now.getTime() + 5 * 60_000) {
    errors.measuredAt = 'Cannot be in the future';
  }
  const payload = weightPayload(values, timezone);
  if (payload) {
    const parsed = weightEntryUpdateSchema.safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as (typeof WEIGHT_FORM_FIELDS)[number];
        if (WEIGHT_FORM_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
      }
    }
  }
  return errors;
}
