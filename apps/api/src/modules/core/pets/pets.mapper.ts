import {
  type HealthProfile,
  isoToCalendarDate,
  type OwnerHomeLocation,
  type PetProfile,
  type PetSummary,
  toTimestamp,
} from '@vetboard/contract';
import type {
  HealthProfileWithVetRow,
  PetSummaryRow,
  PetWithBreedRow,
  PetWithOwnerRow,
} from './pets.repository.ts';
import type { PetRow } from './pets.table.ts';

/** A pet row joined with its breed's name: what every pet list and card shows. */
export function toPetSummary(row: PetSummaryRow): PetSummary {
  return {
    uuid: row.id,
    name: row.name,
    species: row.species,
    breedId: row.breedId,
    breedName: row.breedName,
    sex: row.sex,
    birthDate: row.birthDate === null ? null : isoToCalendarDate(row.birthDate),
    neutered: row.neutered,
    imageUrl: row.imageUrl,
    familyUuid: row.familyId,
  };
}

export function toPetProfileDto(row: PetWithBreedRow): PetProfile {
  return {
    ...toPetSummary(row),
    microchip: row.microchip,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

export function toOwnerHomeLocationDto(pet: PetWithOwnerRow): OwnerHomeLocation {
  return { city: pet.owner?.city ?? null, country: pet.owner?.country ?? null, timezone: pet.timezone };
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
