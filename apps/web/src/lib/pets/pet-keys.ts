/**
 * Query keys for everything read about one pet. They all start `['pets', petUuid]`, so
 * `invalidateQueries({ queryKey: petKeys.pet(uuid) })` refreshes the whole pet at once (a live event
 * about a pet, a saved profile) and a narrower key refreshes one tracker or list. Shared code, not a
 * feature's, because live updates and several features invalidate these keys without importing each
 * other. A diet's own page (`['diets', 'detail', dietUuid]`) is keyed by the diet: its pet is only known
 * once it has loaded.
 */

/** The collar trackers that share one shape of endpoints (SPEC §7 "Pets"). */
export type ReadingResource = 'shaking' | 'drinking';

export type DietListOrder = 'asc' | 'desc';

export const petKeys = {
  /** Every pet's data: only for a change that concerns all pets. */
  all: ['pets'] as const,
  /** Everything about one pet. */
  pet: (petUuid: string) => ['pets', petUuid] as const,
  /** GET /v1/pets/{id} */
  detail: (petUuid: string) => ['pets', petUuid, 'detail'] as const,
  /** GET /v1/pets/{id}/health-profile */
  healthProfile: (petUuid: string) => ['pets', petUuid, 'health-profile'] as const,
  /** GET /v1/pets/{id}/trackers/latest */
  latestTrackers: (petUuid: string) => ['pets', petUuid, 'trackers-latest'] as const,
  /** GET /v1/pets/{id}/current-diet-plan */
  currentDietPlan: (petUuid: string) => ['pets', petUuid, 'current-diet-plan'] as const,
  /** GET /v1/pets/{id}/diet-progress: the current weight diet against the entries. */
  dietProgress: (petUuid: string) => ['pets', petUuid, 'diet-progress'] as const,
  /** Every list of the pet's diets (any order). */
  diets: (petUuid: string) => ['pets', petUuid, 'diets'] as const,
  dietList: (petUuid: string, order: DietListOrder) => ['pets', petUuid, 'diets', order] as const,
  /** Weight chart and entries: `[…, 'chart', query]`, `[…, 'list', query]`. */
  weight: (petUuid: string) => ['pets', petUuid, 'weight-history'] as const,
  /** Respiratory chart, entries and last average. */
  respiratory: (petUuid: string) => ['pets', petUuid, 'respiratory-history'] as const,
  thresholds: (petUuid: string) => ['pets', petUuid, 'respiratory-thresholds'] as const,
  /** A collar tracker's chart, entries and average. */
  reading: (resource: ReadingResource, petUuid: string) => ['pets', petUuid, resource] as const,
  heartRate: (petUuid: string) => ['pets', petUuid, 'heart-rate'] as const,
  /** GET /v1/pets/{id}/vitals: `[…, range]`, the profile's five vitals on one axis. */
  vitals: (petUuid: string) => ['pets', petUuid, 'vitals'] as const,
  /** GET /v1/pets/{id}/attention: what is open about the pet (its profile's "Needs attention", its header's severity). */
  attention: (petUuid: string) => ['pets', petUuid, 'attention'] as const,
  /** The pet's assessments and medical reports: lists, each version, diffs. */
  clinicalDocuments: (petUuid: string) => ['pets', petUuid, 'clinical-documents'] as const,
  /** GET /v1/pets/{id}/prescriptions: the pet's medications and the weight a new one is dosed from. */
  prescriptions: (petUuid: string) => ['pets', petUuid, 'prescriptions'] as const,
  /** GET /v1/pets/{id}/preventive-care: the pet's vaccination and parasite-control schedule. */
  preventiveCare: (petUuid: string) => ['pets', petUuid, 'preventive-care'] as const,
  /** GET /v1/pets/{id}/alerts: its patient alerts ("Will bite"). */
  alerts: (petUuid: string) => ['pets', petUuid, 'alerts'] as const,
};

/**
 * The keys a new collar or owner-app reading of a tracker makes stale: the tracker's own reads and
 * the pet's latest values and vitals panel. For live updates, which know the pet and the kind of reading.
 */
export function keysStaleAfterReading(
  petUuid: string,
  tracker: ReadingResource | 'weight' | 'respiratory' | 'heart-rate',
): readonly (readonly unknown[])[] {
  const own =
    tracker === 'weight'
      ? petKeys.weight(petUuid)
      : tracker === 'respiratory'
        ? petKeys.respiratory(petUuid)
        : tracker === 'heart-rate'
          ? petKeys.heartRate(petUuid)
          : petKeys.reading(tracker, petUuid);
  return [own, petKeys.latestTrackers(petUuid), petKeys.vitals(petUuid)];
}
