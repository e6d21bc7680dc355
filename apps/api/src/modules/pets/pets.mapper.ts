import {
  type HealthProfile,
  isoToCalendarDate,
  type OwnerHomeLocation,
  type PetProfile,
  toTimestamp,
} from '@vetboard/contract';
import type { HealthProfileWithVetRow, PetDetailsRow, PetWithBreedRow } from './pets.repository.ts';
import type { PetRow } from './pets.table.ts';

/** Pets whose family has no owner yet are drawn in UTC until one is set. */
export const DEFAULT_TIMEZONE = 'UTC';

export function toPetProfileDto(row: PetWithBreedRow): PetProfile {
  return {
    uuid: row.id,
    name: row.name,
    species: row.species,
    breedId: row.breedId,
    breedName: row.breedName,
    sex: row.sex,
    birthDate: row.birthDate ? isoToCalendarDate(row.birthDate) : null,
    neutered: row.neutered,
    imageUrl: row.imageUrl,
    familyUuid: row.familyId,
    microchip: row.microchip,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

export function toOwnerHomeLocationDto(owner: PetDetailsRow['owner']): OwnerHomeLocation {
  return {
    city: owner?.city ?? null,
    country: owner?.country ?? null,
    timezone: owner?.timezone ?? DEFAULT_TIMEZONE,
  };
}

/**
 * A pet whose health profile was never filled in has an empty one, dated from the pet's creation:
 * nothing is known about it, which is not the same as the pet being unknown.
 */
export function toHealthProfileDto(
  pet: Pick<PetRow, 'id' | 'createdAt'>,
  row: HealthProfileWithVetRow | undefined,
): HealthProfile {
  if (!row) {
    return {
      petUuid: pet.id,
      conditions: [],
      allergies: [],
      medications: [],
      activityLevel: null,
      bodyConditionScore: null,
      weightKg: null,
      targetWeightKg: null,
      updatedAt: toTimestamp(pet.createdAt),
      updatedBy: null,
    };
  }
  return {
    petUuid: row.petId,
    conditions: row.conditions,
    allergies: row.allergies,
    medications: row.medications.map((m) => ({ name: m.name, dose: m.dose, frequency: m.frequency })),
    activityLevel: row.activityLevel,
    bodyConditionScore: row.bodyConditionScore,
    weightKg: row.weightKg,
    targetWeightKg: row.targetWeightKg,
    updatedAt: toTimestamp(row.updatedAt),
    updatedBy: row.updatedByVet
      ? { uuid: row.updatedByVet.id, name: `${row.updatedByVet.firstName} ${row.updatedByVet.lastName}` }
      : null,
  };
}
