import {
  type ActivityLevel,
  type CalendarDate,
  calendarDateToIso,
  type HealthProfile,
  type HealthProfilePatch,
  isoToCalendarDate,
  type Medication,
  type PetPatch,
  type PetProfile,
  type PetSex,
  petPatchSchema,
  type Species,
} from '@vetboard/contract';

export type NeuteredChoice = 'yes' | 'no' | 'unknown';

/**
 * The edit form's values: nested like `petPatchSchema`, so its error paths and the server's
 * `details[].path` (`breedId`, `healthProfile.weightKg`) name form fields as they are. Inputs hold what
 * Mantine's inputs hold: a `YYYY-MM-DD` string for a date, '' for an empty number.
 */
export interface PetFormValues {
  name: string;
  species: Species;
  breedId: string | null;
  sex: PetSex;
  birthDate: string | null;
  neutered: NeuteredChoice;
  microchip: string;
  healthProfile: {
    conditions: string[];
    allergies: string[];
    medications: Medication[];
    activityLevel: ActivityLevel | null;
    bodyConditionScore: number | string;
    weightKg: number | string;
    targetWeightKg: number | string;
  };
}

export const emptyMedication: Medication = { name: '', dose: '', frequency: '' };

function neuteredChoice(neutered: boolean | null): NeuteredChoice {
  if (neutered === null) return 'unknown';
  return neutered ? 'yes' : 'no';
}

export function toFormValues(pet: PetProfile, health: HealthProfile | undefined): PetFormValues {
  return {
    name: pet.name,
    species: pet.species,
    breedId: pet.breedId,
    sex: pet.sex,
    birthDate: pet.birthDate ? calendarDateToIso(pet.birthDate) : null,
    neutered: neuteredChoice(pet.neutered),
    microchip: pet.microchip ?? '',
    healthProfile: {
      conditions: health?.conditions ?? [],
      allergies: health?.allergies ?? [],
      medications: health?.medications.map((m) => ({ ...m })) ?? [],
      activityLevel: health?.activityLevel ?? null,
      bodyConditionScore: health?.bodyConditionScore ?? '',
      weightKg: health?.weightKg ?? '',
      targetWeightKg: health?.targetWeightKg ?? '',
    },
  };
}

function numberOrNull(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

function cleanList(values: string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

interface FullPatch {
  name: string;
  species: Species;
  breedId: string | null;
  sex: PetSex;
  birthDate: CalendarDate | null;
  neutered: boolean | null;
  microchip: string | null;
  healthProfile: Required<HealthProfilePatch>;
}

/** Every field as the API takes it: dates as `{ year, month, day }`, unknown as null, no spaces in a microchip. */
export function toFullPatch(values: PetFormValues): FullPatch {
  const health = values.healthProfile;
  return {
    name: values.name.trim(),
    species: values.species,
    breedId: values.breedId,
    sex: values.sex,
    birthDate: values.birthDate ? isoToCalendarDate(values.birthDate.slice(0, 10)) : null,
    neutered: values.neutered === 'unknown' ? null : values.neutered === 'yes',
    microchip: values.microchip.replace(/\s+/g, '') || null,
    healthProfile: {
      conditions: cleanList(health.conditions),
      allergies: cleanList(health.allergies),
      medications: health.medications.map((m) => ({
        name: m.name.trim(),
        dose: m.dose.trim(),
        frequency: m.frequency.trim(),
      })),
      activityLevel: health.activityLevel,
      bodyConditionScore: numberOrNull(health.bodyConditionScore),
      weightKg: numberOrNull(health.weightKg),
      targetWeightKg: numberOrNull(health.targetWeightKg),
    },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH body: only what the vet changed, so the audit trail names exactly those fields. A species
 * change always carries `breedId` too, because the API refuses to keep a breed of the old species.
 */
export function toPetPatch(values: PetFormValues, initial: PetFormValues): PetPatch {
  const next = toFullPatch(values);
  const before = toFullPatch(initial);
  const patch: Record<string, unknown> = {};
  for (const key of ['name', 'species', 'breedId', 'sex', 'birthDate', 'neutered', 'microchip'] as const) {
    if (!same(next[key], before[key])) patch[key] = next[key];
  }
  if ('species' in patch) patch.breedId = next.breedId;

  const health: Record<string, unknown> = {};
  for (const key of Object.keys(next.healthProfile) as (keyof FullPatch['healthProfile'])[]) {
    if (!same(next.healthProfile[key], before.healthProfile[key])) health[key] = next.healthProfile[key];
  }
  if (Object.keys(health).length > 0) patch.healthProfile = health;
  return patch as PetPatch;
}

/** The form's validation is the contract's: errors keyed by the same paths the API would report. */
export function validatePetForm(values: PetFormValues): Record<string, string> {
  const result = petPatchSchema.safeParse(toFullPatch(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** What a vet types into the birth date: day first as shown (SPEC §9), or ISO; `YYYY-MM-DD` or null. */
export function parseTypedDate(input: string): string | null {
  const text = input.trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const parts = dayFirst
    ? { year: Number(dayFirst[3]), month: Number(dayFirst[2]), day: Number(dayFirst[1]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : null;
  if (!parts) return null;
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const real =
    date.getUTCFullYear() === parts.year &&
    date.getUTCMonth() === parts.month - 1 &&
    date.getUTCDate() === parts.day;
  return real ? calendarDateToIso(parts) : null;
}
