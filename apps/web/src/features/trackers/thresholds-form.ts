import {
  type RespiratoryThresholds,
  type RespiratoryThresholdsPut,
  respiratoryThresholdsPutSchema,
} from '@vetboard/contract';

export const THRESHOLD_FIELDS = ['low', 'high', 'highOrange', 'highRed'] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

/** Number inputs hold '' when emptied. */
export type ThresholdFormValues = Record<ThresholdField, number | string>;

export const thresholdFieldLabels: Record<ThresholdField, string> = {
  low: 'Low: below',
  high: 'High: above',
  highOrange: 'High-orange: above',
  highRed: 'High-red: above',
};

export function thresholdFormValues(thresholds: RespiratoryThresholds): ThresholdFormValues {
  return { ...thresholds };
}

function toNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The four values as one comparable text: the saved thresholds, or what the form holds. */
export function thresholdsKey(values: Record<ThresholdField, number | string>): string {
  return THRESHOLD_FIELDS.map((field) => toNumber(values[field]) ?? '').join('/');
}

/** What the form holds, and the saved value each field's draft started from. */
export interface ThresholdsDraft {
  values: ThresholdFormValues;
  base: RespiratoryThresholds;
}

/**
 * The form once the saved thresholds are `saved` (a live update read them back), field by field: a field
 * the vet left at the value it started from follows the saved one; a field whose typed value is now the
 * saved one is in step again; any other typed value is kept as typed, with its old base, which tells
 * the form the saved value changed under it (`overtakenThresholds`). Nothing typed is lost, and what a
 * colleague changed in the fields this vet did not touch is not silently undone by this vet's save.
 * Returns `draft` itself when nothing changes.
 */
export function thresholdsAfter(draft: ThresholdsDraft, saved: RespiratoryThresholds): ThresholdsDraft {
  let values = draft.values;
  let base = draft.base;
  for (const field of THRESHOLD_FIELDS) {
    if (draft.base[field] === saved[field]) continue;
    const typed = toNumber(draft.values[field]);
    if (typed === draft.base[field]) {
      values = { ...values, [field]: saved[field] };
      base = { ...base, [field]: saved[field] };
    } else if (typed === saved[field]) base = { ...base, [field]: saved[field] };
  }
  return values === draft.values && base === draft.base ? draft : { values, base };
}

/** The fields whose saved value changed elsewhere under what the vet typed. */
export function overtakenThresholds(
  base: RespiratoryThresholds,
  saved: RespiratoryThresholds,
): ThresholdField[] {
  return THRESHOLD_FIELDS.filter((field) => base[field] !== saved[field]);
}

/** The PUT body, or null while a field is empty. */
export function thresholdsPayload(values: ThresholdFormValues): RespiratoryThresholdsPut | null {
  const numbers = THRESHOLD_FIELDS.map((field) => toNumber(values[field]));
  if (numbers.some((value) => value === null)) return null;
  const [low, high, highOrange, highRed] = numbers as number[];
  return {
    low: low as number,
    high: high as number,
    highOrange: highOrange as number,
    highRed: highRed as number,
  };
}

/** The contract's rules (ranges, and low < high < high-orange < high-red), on the fields they concern. */
export function validateThresholds(values: ThresholdFormValues): Partial<Record<ThresholdField, string>> {
  const errors: Partial<Record<ThresholdField, string>> = {};
  for (const field of THRESHOLD_FIELDS) {
    if (toNumber(values[field]) === null) errors[field] = 'Enter a number';
  }
  const payload = thresholdsPayload(values);
  if (!payload) return errors;
  const parsed = respiratoryThresholdsPutSchema.safeParse(payload);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as ThresholdField;
    if (THRESHOLD_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
