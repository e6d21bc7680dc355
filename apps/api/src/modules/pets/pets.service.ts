import {
  calendarDateToIso,
  type HealthProfile,
  type HealthProfilePatch,
  type PetPatch,
  type PetPatchResponse,
  type PetResponse,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { todayIn } from '../../lib/timezone.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findBreedById } from '../breeds/breeds.repository.ts';
import { petsErrors } from './pets.errors.ts';
import { toHealthProfileDto, toOwnerHomeLocationDto, toPetProfileDto } from './pets.mapper.ts';
import {
  findHealthProfile,
  findPetDetails,
  type HealthProfileWithVetRow,
  isMicrochipUsedByAnotherPet,
  lockPet,
  type PetUpdate,
  updatePet,
  upsertHealthProfile,
} from './pets.repository.ts';
import type { PetRow } from './pets.table.ts';

export interface Actor {
  vetId: string;
  meta: RequestMeta | null;
}

export async function getPet(deps: { db: Db }, id: string): Promise<PetResponse> {
  const details = await findPetDetails(deps.db, id);
  if (!details) throw petsErrors.notFound();
  return {
    petProfile: toPetProfileDto(details.pet),
    ownerHomeLocation: toOwnerHomeLocationDto(details.owner),
  };
}

export async function getHealthProfile(deps: { db: Db }, petId: string): Promise<HealthProfile> {
  const details = await findPetDetails(deps.db, petId);
  if (!details) throw petsErrors.notFound();
  return toHealthProfileDto(details.pet, await findHealthProfile(deps.db, petId));
}

type HealthValues = Required<{ [K in keyof HealthProfilePatch]: Exclude<HealthProfilePatch[K], undefined> }>;

function currentHealthValues(row: HealthProfileWithVetRow | undefined): HealthValues {
  return {
    conditions: row?.conditions ?? [],
    allergies: row?.allergies ?? [],
    medications: (row?.medications ?? []).map(normalizeMedication),
    activityLevel: row?.activityLevel ?? null,
    bodyConditionScore: row?.bodyConditionScore ?? null,
    weightKg: row?.weightKg ?? null,
    targetWeightKg: row?.targetWeightKg ?? null,
  };
}

// jsonb reorders object keys, so medications are compared in one fixed shape.
function normalizeMedication(m: { name: string; dose: string; frequency: string }) {
  return { name: m.name, dose: m.dose, frequency: m.frequency };
}

// The column keeps two decimals: rounding first keeps the audit's "after" equal to what is stored.
function roundKg(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface Diff<T> {
  changes: Partial<T>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Keeps only the fields whose value differs, so the audit row says exactly what changed. */
function diff<T extends object>(current: T, wanted: Partial<T>): Diff<T> {
  const result: Diff<T> = { changes: {}, before: {}, after: {} };
  for (const key of Object.keys(wanted) as Array<keyof T & string>) {
    const value = wanted[key];
    if (value === undefined || sameValue(current[key], value)) continue;
    result.changes[key] = value;
    result.before[key] = current[key];
    result.after[key] = value;
  }
  return result;
}

async function wantedPetChanges(
  tx: DbOrTx,
  pet: PetRow,
  patch: PetPatch,
  timezone: string,
): Promise<PetUpdate> {
  const species = patch.species ?? pet.species;
  if (patch.breedId) {
    const breed = await findBreedById(tx, patch.breedId);
    if (!breed) throw petsErrors.breedNotFound();
    if (breed.species !== species) throw petsErrors.breedOfOtherSpecies(species);
  } else if (patch.breedId === undefined && species !== pet.species && pet.breedId !== null) {
    // A breed belongs to one species; clearing it must be asked for, never done silently.
    throw petsErrors.breedKeptAcrossSpecies(species);
  }

  const birthDate =
    patch.birthDate === undefined ? undefined : patch.birthDate && calendarDateToIso(patch.birthDate);
  if (birthDate && birthDate > todayIn(timezone)) throw petsErrors.birthDateInFuture();

  if (patch.microchip && patch.microchip !== pet.microchip) {
    if (await isMicrochipUsedByAnotherPet(tx, patch.microchip, pet.id)) throw petsErrors.microchipTaken();
  }

  return {
    name: patch.name,
    species: patch.species,
    breedId: patch.breedId,
    sex: patch.sex,
    birthDate,
    neutered: patch.neutered,
    microchip: patch.microchip,
  };
}

function wantedHealthChanges(patch: HealthProfilePatch): Partial<HealthValues> {
  return {
    ...patch,
    medications: patch.medications?.map(normalizeMedication),
    weightKg: patch.weightKg === undefined ? undefined : roundKg(patch.weightKg),
    targetWeightKg: patch.targetWeightKg === undefined ? undefined : roundKg(patch.targetWeightKg),
  };
}

/**
 * Applies the fields sent and only those, in one transaction with its audit row. Fields sent with
 * their current value are not changes: a patch that changes nothing writes nothing.
 */
export async function patchPet(
  deps: { db: Db },
  id: string,
  patch: PetPatch,
  actor: Actor,
): Promise<PetPatchResponse> {
  try {
    return await deps.db.transaction(async (tx) => {
      const pet = await lockPet(tx, id);
      const details = pet && (await findPetDetails(tx, id));
      if (!pet || !details) throw petsErrors.notFound();
      const timezone = toOwnerHomeLocationDto(details.owner).timezone;

      const petDiff = diff<PetUpdate>(pet, await wantedPetChanges(tx, pet, patch, timezone));
      const healthDiff = patch.healthProfile
        ? diff(currentHealthValues(await findHealthProfile(tx, id)), wantedHealthChanges(patch.healthProfile))
        : undefined;
      const healthChanged = healthDiff !== undefined && Object.keys(healthDiff.changes).length > 0;

      if (Object.keys(petDiff.changes).length > 0 || healthChanged) {
        const at = new Date();
        await updatePet(tx, id, petDiff.changes, at);
        const before = { ...petDiff.before };
        const after = { ...petDiff.after };
        if (healthDiff && healthChanged) {
          await upsertHealthProfile(tx, id, healthDiff.changes, { vetId: actor.vetId, at });
          before.healthProfile = healthDiff.before;
          after.healthProfile = healthDiff.after;
        }
        await recordAudit(
          tx,
          {
            actorVetId: actor.vetId,
            action: 'pets.update',
            entity: 'pet',
            entityId: id,
            changes: { before, after },
          },
          actor.meta,
        );
      }

      const updated = await findPetDetails(tx, id);
      if (!updated) throw petsErrors.notFound();
      return {
        petProfile: toPetProfileDto(updated.pet),
        healthProfile: toHealthProfileDto(updated.pet, await findHealthProfile(tx, id)),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'pets_microchip_key')) throw petsErrors.microchipTaken();
    throw error;
  }
}
