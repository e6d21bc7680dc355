import type { Species } from '@vetboard/contract';

/**
 * Physiology the demo readings are drawn from, so the demo charts look like real pets'. Values are what a collar measures
 * on a healthy pet of that size; conditions shift them (see `conditionEffects`).
 */

/** Pets with a year of readings at scale 1, the showcase pets included; `--scale N` multiplies them. */
export const TRACKER_PETS_PER_SCALE = 200;

/**
 * How often a collar measures. Luna wears the heart-rate beta collar (half-hourly); the other showcase
 * pets and the pets of owners in the `collar_v2` beta the second generation (hourly); everyone else the
 * first generation, whose sparse sampling keeps the default seed near a million readings, fast enough
 * to start on PGlite (see the README). Each generation's interval is jittered within its slot.
 */
export type CollarGeneration = 'v1' | 'v2' | 'heart_rate_beta';

export const COLLAR_SAMPLING: Record<
  CollarGeneration,
  { heartRateMinutes: number; respiratoryMinutes: number }
> = {
  heart_rate_beta: { heartRateMinutes: 30, respiratoryMinutes: 30 },
  v2: { heartRateMinutes: 60, respiratoryMinutes: 90 },
  v1: { heartRateMinutes: 240, respiratoryMinutes: 150 },
};

/** Sleeping respiratory rate (breaths/min) of a healthy adult, by body weight: small dogs breathe faster. */
export function sleepingRespiratoryRange(species: Species, kg: number): readonly [number, number] {
  if (species === 'cat') return [18, 25];
  if (kg < 5) return [19, 25];
  if (kg < 10) return [18, 23];
  if (kg < 25) return [16, 21];
  if (kg < 45) return [15, 19];
  return [15, 18];
}

/** Resting (awake, calm) heart rate (bpm) by body weight; asleep it is about a fifth lower. */
export function restingHeartRateRange(species: Species, kg: number): readonly [number, number] {
  if (species === 'cat') return [150, 180];
  if (kg < 5) return [100, 125];
  if (kg < 10) return [88, 110];
  if (kg < 25) return [76, 96];
  if (kg < 45) return [66, 86];
  return [60, 78];
}

/** Floppy or hairy ears, and the breeds of the atopic-dermatitis list: the ones that shake their heads. */
export const EAR_PRONE_BREEDS: ReadonlySet<string> = new Set([
  'Basset Hound',
  'Beagle',
  'Cavalier King Charles Spaniel',
  'Cocker Spaniel',
  'English Springer Spaniel',
  'French Bulldog',
  'Golden Retriever',
  'Labrador Retriever',
  'Poodle',
  'Shih Tzu',
  'Staffordshire Bull Terrier',
  'West Highland White Terrier',
]);

export interface ConditionEffects {
  /** Added to the sleeping respiratory rate (breaths/min). */
  respiratory: number;
  /** Multiplies the heart rate. */
  heartRate: number;
  /** Multiplies how much the pet drinks (polydipsia). */
  drinking: number;
  /** Multiplies head-shaking, and makes itchy-ear spells likely. */
  shaking: number;
}

/** Matched on the start of the health profile's condition names (demo-pets.ts DEMO_CONDITIONS). */
const CONDITION_EFFECTS: ReadonlyArray<readonly [prefix: string, effects: Partial<ConditionEffects>]> = [
  ['Myxomatous mitral valve disease (ACVIM stage B1)', { respiratory: 1.5, heartRate: 1.04 }],
  ['Myxomatous mitral valve disease (ACVIM stage B2)', { respiratory: 2.5, heartRate: 1.08 }],
  ['Myxomatous mitral valve disease (ACVIM stage C)', { respiratory: 7, heartRate: 1.15, drinking: 1.3 }],
  ['Dilated cardiomyopathy', { respiratory: 5, heartRate: 1.15 }],
  ['Hypertrophic cardiomyopathy', { respiratory: 4, heartRate: 1.1 }],
  ['Brachycephalic obstructive airway syndrome', { respiratory: 4 }],
  ['Feline asthma', { respiratory: 4 }],
  ['Hyperthyroidism', { heartRate: 1.25, drinking: 1.8 }],
  ['Chronic kidney disease', { drinking: 2.2 }],
  ['Diabetes mellitus', { drinking: 2.6 }],
  ['Hypothyroidism', { heartRate: 0.88 }],
  ['Atopic dermatitis', { shaking: 2.5 }],
];

export function conditionEffects(conditions: readonly string[]): ConditionEffects {
  const effects: ConditionEffects = { respiratory: 0, heartRate: 1, drinking: 1, shaking: 1 };
  for (const condition of conditions) {
    for (const [prefix, effect] of CONDITION_EFFECTS) {
      if (!condition.startsWith(prefix)) continue;
      effects.respiratory += effect.respiratory ?? 0;
      effects.heartRate *= effect.heartRate ?? 1;
      effects.drinking *= effect.drinking ?? 1;
      effects.shaking *= effect.shaking ?? 1;
    }
  }
  return effects;
}

/** Where summer falls: southern-hemisphere time zones are six months out, tropical ones barely change. */
export function seasonOf(timezone: string): { shiftDays: number; amplitude: number } {
  if (/^(Australia\/(?!Brisbane)|Pacific\/Auckland|America\/Sao_Paulo|Africa\/Johannesburg)/.test(timezone)) {
    return { shiftDays: 182, amplitude: 1 };
  }
  if (/^(Asia\/(Singapore|Kolkata)|America\/(Manaus|Recife|Cancun)|Pacific\/Honolulu)/.test(timezone)) {
    return { shiftDays: 0, amplitude: 0.25 };
  }
  if (timezone === 'Australia/Brisbane') return { shiftDays: 182, amplitude: 0.5 };
  return { shiftDays: 0, amplitude: 1 };
}

export const VET_WEIGHT_NOTES: readonly string[] = [
  'Annual health check',
  'Vaccination visit',
  'Weighed before dental cleaning',
  'Diet plan follow-up',
  'Recheck after medication change',
  'Weighed on the clinic scale',
];

export const OWNER_WEIGHT_NOTES: readonly string[] = [
  'Weighed at home, holding them on the bathroom scale',
  'After the morning walk',
  'Before breakfast',
  'New scale',
];
