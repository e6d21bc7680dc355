import { z } from 'zod';
import { speciesSchema } from './breeds.ts';
import { calendarDateSchema, personRefSchema, text, timestampSchema } from './common.ts';
import {
  doseFrequencies,
  doseRoutes,
  drugClasses,
  drugUnits,
  prescriptionStatuses,
  prescriptionWarningCodes,
} from './enums.ts';

export const drugClassSchema = z.enum(drugClasses);
export type DrugClass = z.infer<typeof drugClassSchema>;
export const drugUnitSchema = z.enum(drugUnits);
export type DrugUnit = z.infer<typeof drugUnitSchema>;
export const doseFrequencySchema = z.enum(doseFrequencies);
export type DoseFrequency = z.infer<typeof doseFrequencySchema>;
export const doseRouteSchema = z.enum(doseRoutes);
export type DoseRoute = z.infer<typeof doseRouteSchema>;
export const prescriptionStatusSchema = z.enum(prescriptionStatuses);
export type PrescriptionStatus = z.infer<typeof prescriptionStatusSchema>;
export const prescriptionWarningCodeSchema = z.enum(prescriptionWarningCodes);
export type PrescriptionWarningCode = z.infer<typeof prescriptionWarningCodeSchema>;

export const DRUG_CLASS_LABELS: Record<DrugClass, string> = {
  nsaid: 'NSAID',
  corticosteroid: 'Corticosteroid',
  ace_inhibitor: 'ACE inhibitor',
  diuretic: 'Diuretic',
  inodilator: 'Inodilator',
  calcium_channel_blocker: 'Calcium channel blocker',
  antiplatelet: 'Antiplatelet',
  penicillin: 'Penicillin',
  cephalosporin: 'Cephalosporin',
  tetracycline: 'Tetracycline',
  nitroimidazole: 'Nitroimidazole',
  gabapentinoid: 'Gabapentinoid',
  serotonin_modulator: 'Serotonin modulator',
  antiemetic: 'Antiemetic',
  thyroid_hormone: 'Thyroid hormone',
  antithyroid: 'Antithyroid',
  benzimidazole: 'Benzimidazole',
  macrocyclic_lactone: 'Macrocyclic lactone',
  pyrethroid: 'Pyrethroid',
};

export const DOSE_FREQUENCY_LABELS: Record<DoseFrequency, string> = {
  once: 'Once',
  once_daily: 'Once a day',
  twice_daily: 'Twice a day',
  three_times_daily: 'Three times a day',
  every_other_day: 'Every other day',
  once_weekly: 'Once a week',
  once_monthly: 'Once a month',
};

export const DOSE_ROUTE_LABELS: Record<DoseRoute, string> = {
  oral: 'By mouth',
  topical: 'On the skin',
  subcutaneous: 'Under the skin (injection)',
  intramuscular: 'Into a muscle (injection)',
  intravenous: 'Into a vein (injection)',
};

/** One form and strength of a drug: what a single unit (a tablet, a millilitre, a pipette) holds. */
export const drugStrengthSchema = z.object({
  id: z.string(),
  /** "Chewable tablet", "Oral suspension". */
  form: z.string(),
  unit: drugUnitSchema,
  /** Milligrams in one unit (per tablet, per ml, per pipette). */
  mgPerUnit: z.number(),
  /** How finely a unit may be divided: 1 whole, 2 halves, 4 quarters; ignored for ml (0.1 ml steps). */
  splits: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  label: z.string(),
});
export type DrugStrength = z.infer<typeof drugStrengthSchema>;

/** The usual dose of a drug for one species, with where the range comes from. */
export const drugDoseSchema = z.object({
  species: speciesSchema,
  minMgPerKg: z.number(),
  maxMgPerKg: z.number(),
  frequency: doseFrequencySchema,
  route: doseRouteSchema,
  source: z.string(),
});
export type DrugDose = z.infer<typeof drugDoseSchema>;

export const drugSchema = z.object({
  code: z.string(),
  name: z.string(),
  classes: z.array(drugClassSchema),
  /** One entry per species the drug is listed for; a species without one is a warning at prescribing. */
  doses: z.array(drugDoseSchema),
  strengths: z.array(drugStrengthSchema),
});
export type Drug = z.infer<typeof drugSchema>;

export const drugListResponseSchema = z.object({ drugs: z.array(drugSchema) });
export type DrugListResponse = z.infer<typeof drugListResponseSchema>;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Milligrams in one dose: the dose per kg times the weight, to 2 decimals (as the weights are). */
export function mgPerDose(doseMgPerKg: number, weightKg: number): number {
  return round(doseMgPerKg * weightKg, 2);
}

const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };

function formatMg(mg: number): string {
  return `${round(mg, 3)}`;
}

function unitsInWords(units: number, unit: DrugUnit): string {
  if (unit === 'ml') return `${units} ml`;
  const whole = Math.floor(units);
  const fraction = FRACTIONS[round(units - whole, 2)] ?? '';
  const number = `${whole > 0 ? whole : ''}${fraction}` || '0';
  const noun = units > 1 ? `${unit}s` : unit;
  return `${number} ${noun}`;
}

export interface DoseAmount {
  /** Units per dose, rounded to what can be given: a quarter or half tablet, a whole capsule, 0.1 ml. */
  units: number;
  /** Milligrams those units hold (what the pet actually gets). */
  mgGiven: number;
  /** "1½ tablets of 5 mg", "0.8 ml of 1.5 mg/ml". */
  text: string;
}

/**
 * How much of a strength makes a dose: rounded to the nearest part the unit can be divided into (halves or
 * quarters of a scored tablet, whole capsules and pipettes, 0.1 ml of a liquid), since that is what the
 * owner can give. Null when even the smallest part is more than twice the dose: that strength is too strong.
 */
export function amountPerDose(mg: number, strength: Pick<DrugStrength, 'mgPerUnit' | 'unit' | 'splits'>) {
  const step = strength.unit === 'ml' ? 0.1 : 1 / strength.splits;
  const exact = mg / strength.mgPerUnit;
  let units = round(Math.round(exact / step) * step, 2);
  if (units === 0) {
    if (step > exact * 2) return null;
    units = round(step, 2);
  }
  const of =
    strength.unit === 'ml' ? `${formatMg(strength.mgPerUnit)} mg/ml` : `${formatMg(strength.mgPerUnit)} mg`;
  return {
    units,
    mgGiven: round(units * strength.mgPerUnit, 3),
    text: `${unitsInWords(units, strength.unit)} of ${of}`,
  } satisfies DoseAmount;
}

export const PRESCRIPTION_TEXT_MAX = 2000;
/** A prescription's latest weight may be at most this old without a confirmed warning. */
export const PRESCRIPTION_WEIGHT_MAX_AGE_DAYS = 30;

const longText = text().trim().max(PRESCRIPTION_TEXT_MAX, `At most ${PRESCRIPTION_TEXT_MAX} characters`);
const reasonText = text()
  .trim()
  .min(1, 'A reason is required')
  .max(PRESCRIPTION_TEXT_MAX, `At most ${PRESCRIPTION_TEXT_MAX} characters`);

export const prescriptionWarningSchema = z.object({
  code: prescriptionWarningCodeSchema,
  message: z.string(),
});
export type PrescriptionWarning = z.infer<typeof prescriptionWarningSchema>;

export const prescriptionSchema = z.object({
  uuid: z.uuid(),
  petUuid: z.uuid(),
  drug: z.object({ code: z.string(), name: z.string() }),
  strength: z.object({ id: z.string(), label: z.string(), unit: drugUnitSchema, mgPerUnit: z.number() }),
  doseMgPerKg: z.number(),
  /** The weight the dose was computed from, and when it was measured. */
  weightKg: z.number(),
  weightMeasuredAt: timestampSchema,
  mgPerDose: z.number(),
  unitsPerDose: z.number(),
  /** "1½ tablets of 5 mg". */
  amountText: z.string(),
  frequency: doseFrequencySchema,
  route: doseRouteSchema,
  startOn: calendarDateSchema,
  endOn: calendarDateSchema.nullable(),
  instructions: z.string(),
  reason: z.string(),
  /** Warnings the prescribing vet confirmed, and why. */
  confirmedWarnings: z.array(prescriptionWarningSchema),
  confirmationReason: z.string().nullable(),
  status: prescriptionStatusSchema,
  prescribedBy: personRefSchema.nullable(),
  createdAt: timestampSchema,
  stoppedAt: timestampSchema.nullable(),
  stoppedBy: personRefSchema.nullable(),
  stopReason: z.string().nullable(),
  /** The version this one replaced (a change of dose or frequency), and for a changed one, why and by whom. */
  previousVersionUuid: z.uuid().nullable(),
  changedAt: timestampSchema.nullable(),
  changedBy: personRefSchema.nullable(),
  changeReason: z.string().nullable(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionResponseSchema = z.object({ prescription: prescriptionSchema });
export type PrescriptionResponse = z.infer<typeof prescriptionResponseSchema>;

/** A pet's prescriptions: active first (newest start first), then the past ones (newest first). */
export const prescriptionListResponseSchema = z.object({
  prescriptions: z.array(prescriptionSchema),
  /** The pet's latest weight entry: what a new prescription is dosed from (none: it cannot be). */
  latestWeight: z.object({ valueKg: z.number(), measuredAt: timestampSchema }).nullable(),
});
export type PrescriptionListResponse = z.infer<typeof prescriptionListResponseSchema>;

export const PRESCRIPTION_MAX_DURATION_DAYS = 3650;

export const prescriptionCreateSchema = z
  .strictObject({
    drugCode: text().min(1).max(100),
    strengthId: text().min(1).max(100),
    doseMgPerKg: z.number().positive('The dose must be above 0').max(1000, 'At most 1000 mg/kg'),
    frequency: doseFrequencySchema,
    route: doseRouteSchema,
    startOn: calendarDateSchema,
    /** The last day; left out (with no duration) for a treatment until stopped. */
    endOn: calendarDateSchema.nullable().optional(),
    /** Days from the start, the start included; an alternative to `endOn`. */
    durationDays: z.number().int().min(1).max(PRESCRIPTION_MAX_DURATION_DAYS).optional(),
    /** To the owner; `{{PET_NAME}}` is replaced by the pet's name. */
    instructions: longText.default(''),
    reason: longText.default(''),
    /** The warnings the vet saw and prescribes despite; any other warning refuses the prescription. */
    confirmedWarnings: z
      .array(prescriptionWarningCodeSchema)
      .max(prescriptionWarningCodes.length)
      .default([]),
    confirmationReason: reasonText.optional(),
  })
  .superRefine((value, context) => {
    if (value.endOn && value.durationDays !== undefined)
      context.addIssue({ code: 'custom', path: ['durationDays'], message: 'Give an end date or a duration' });
    if (value.endOn) {
      const start = Date.UTC(value.startOn.year, value.startOn.month - 1, value.startOn.day);
      const end = Date.UTC(value.endOn.year, value.endOn.month - 1, value.endOn.day);
      if (end < start)
        context.addIssue({ code: 'custom', path: ['endOn'], message: 'The end is before the start' });
    }
    if (value.confirmedWarnings.length > 0 && !value.confirmationReason)
      context.addIssue({
        code: 'custom',
        path: ['confirmationReason'],
        message: 'Say why you prescribe despite the warnings',
      });
  });
export type PrescriptionCreate = z.input<typeof prescriptionCreateSchema>;
export type PrescriptionCreateInput = z.infer<typeof prescriptionCreateSchema>;

export const prescriptionStopSchema = z.strictObject({ reason: reasonText });
export type PrescriptionStop = z.infer<typeof prescriptionStopSchema>;

/**
 * A change of dose or frequency: a new version from today, dosed from the latest weight and checked like
 * a new prescription; the old one is kept as `changed`, with the reason.
 */
export const prescriptionChangeSchema = z
  .strictObject({
    doseMgPerKg: z.number().positive('The dose must be above 0').max(1000, 'At most 1000 mg/kg').optional(),
    frequency: doseFrequencySchema.optional(),
    reason: reasonText,
    confirmedWarnings: z
      .array(prescriptionWarningCodeSchema)
      .max(prescriptionWarningCodes.length)
      .default([]),
    confirmationReason: reasonText.optional(),
  })
  .superRefine((value, context) => {
    if (value.doseMgPerKg === undefined && value.frequency === undefined)
      context.addIssue({
        code: 'custom',
        path: ['doseMgPerKg'],
        message: 'Change the dose or the frequency',
      });
    if (value.confirmedWarnings.length > 0 && !value.confirmationReason)
      context.addIssue({
        code: 'custom',
        path: ['confirmationReason'],
        message: 'Say why you prescribe despite the warnings',
      });
  });
export type PrescriptionChange = z.input<typeof prescriptionChangeSchema>;
export type PrescriptionChangeInput = z.infer<typeof prescriptionChangeSchema>;
