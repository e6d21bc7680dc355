import {
  calendarDateToIso,
  type HealthProfile,
  type HealthProfilePatch,
  type PetListQuery,
  type PetListResponse,
  type PetPatch,
  type PetPatchResponse,
  type PetResponse,
  type PetSummary,
} from '@vetboard/contract';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Now } from '../../../lib/clock.ts';
import { listPage } from '../../../lib/list-query.ts';
import { todayIn } from '../../../lib/timezone.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { auditDiff, hasChanges, recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, type NewDomainEvent, recordEvent } from '../../platform/events/index.ts';
import { findBreed } from '../breeds/index.ts';
import { petsErrors } from './pets.errors.ts';
import { toHealthProfileDto, toOwnerHomeLocationDto, toPetProfileDto, toPetSummary } from './pets.mapper.ts';
import {
  countPets,
  findHealthProfile,
  findPetCompanySku,
  type HealthProfileWithVetRow,
  isMicrochipUsedByAnotherPet,
  listFamilyPets,
  listPetsPage,
  type PetUpdate,
  type PetWithOwnerRow,
  petLookupSql,
  petTimezoneSql,
  selectPetWithOwner,
  updatePet,
  upsertHealthProfile,
} from './pets.repository.ts';
import { type PetRow, pets } from './pets.table.ts';

export type PetWithOwner = PetWithOwnerRow;

/**
 * THE pet read for every module: the pet with its owner and home timezone, or undefined when it does
 * not exist or is outside the actor's scope (the caller answers its own `*.not_found`, so the two
 * look the same). `extra` reads more about the pet in the same query; `lock` holds the pet's row
 * until the transaction ends, so two changes of one pet apply one after the other.
 */
export function findPetWithOwner<E extends Record<string, SQL> = Record<never, SQL>>(
  db: DbOrTx,
  actor: Actor,
  petId: string,
  options: { extra?: E; lock?: boolean } = {},
) {
  return selectPetWithOwner(db, petId, petCondition(actor, pets.id), options.extra ?? ({} as E), {
    lock: options.lock,
  });
}

/**
 * `findPetWithOwner` as SQL for a statement that reads the pet together with what it asked for (a
 * chart's buckets, in one round trip): a one-row select of the pet's id, species, timezone and
 * `extra`, with no row when the pet does not exist or is outside the actor's scope.
 */
export function scopedPetSql(actor: Actor, petId: string, extra: Record<string, SQL> = {}): SQL {
  return petLookupSql(petId, petCondition(actor, pets.id), extra);
}

/** A family's pets as cards, by name: only those the actor may open. */
export async function listFamilyPetSummaries(
  deps: { db: DbOrTx },
  actor: Actor,
  familyId: string,
): Promise<PetSummary[]> {
  return (await listFamilyPets(deps.db, familyId, petCondition(actor, pets.id))).map(toPetSummary);
}

/** The same timezone rule in SQL, for statements over many pets at once (ingestion's rollups). */
export { petTimezoneSql };

/** The policy's condition for rows that hang off a pet (`petId` is their pet column). */
export function petScopeCondition(actor: Actor, petId: AnyColumn | SQL) {
  return petCondition(actor, petId);
}

async function requirePet(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<PetWithOwner> {
  const pet = await findPetWithOwner(db, actor, id, { lock });
  if (!pet) throw petsErrors.notFound();
  return pet;
}

/** `GET /v1/pets`: one page of the pets in the actor's scope, with their owner's name. */
export async function listPets(
  deps: { db: Db },
  actor: Actor,
  query: PetListQuery,
): Promise<PetListResponse> {
  const filter = { scope: petCondition(actor, pets.id), search: query.search, species: query.species };
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listPetsPage(deps.db, filter, query.order, window),
    count: (bound) => countPets(deps.db, filter, bound),
  });
  return {
    pets: rows.map((row) => ({
      ...toPetSummary(row),
      ownerName:
        row.ownerFirstName === null ? null : `${row.ownerFirstName} ${row.ownerLastName ?? ''}`.trim(),
    })),
    pagination,
  };
}

export async function getPet(deps: { db: Db }, actor: Actor, id: string): Promise<PetResponse> {
  const pet = await requirePet(deps.db, actor, id);
  return { petProfile: toPetProfileDto(pet.pet), ownerHomeLocation: toOwnerHomeLocationDto(pet) };
}

export async function getHealthProfile(
  deps: { db: Db },
  actor: Actor,
  petId: string,
): Promise<HealthProfile> {
  const pet = await requirePet(deps.db, actor, petId);
  return toHealthProfileDto(pet.pet, await findHealthProfile(deps.db, petId));
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

async function wantedPetChanges(
  tx: DbOrTx,
  pet: PetRow,
  patch: PetPatch,
  timezone: string,
  now: Date,
): Promise<PetUpdate> {
  const species = patch.species ?? pet.species;
  if (patch.breedId) {
    const breed = await findBreed({ db: tx }, patch.breedId);
    if (!breed) throw petsErrors.breedNotFound();
    if (breed.species !== species) throw petsErrors.breedOfOtherSpecies(species);
  } else if (patch.breedId === undefined && species !== pet.species && pet.breedId !== null) {
    // A breed belongs to one species; clearing it must be asked for, never done silently.
    throw petsErrors.breedKeptAcrossSpecies(species);
  }

  const birthDate =
    patch.birthDate === undefined ? undefined : patch.birthDate && calendarDateToIso(patch.birthDate);
  if (birthDate && birthDate > todayIn(timezone, now)) throw petsErrors.birthDateInFuture();

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
  deps: { db: Db; now: Now },
  actor: VetActor,
  id: string,
  patch: PetPatch,
): Promise<PetPatchResponse> {
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const { pet, timezone } = await requirePet(tx, actor, id, true);

      const petDiff = auditDiff<PetUpdate>(pet, await wantedPetChanges(tx, pet, patch, timezone, now));
      const healthDiff = patch.healthProfile
        ? auditDiff(
            currentHealthValues(await findHealthProfile(tx, id)),
            wantedHealthChanges(patch.healthProfile),
          )
        : undefined;
      const healthChanged = healthDiff !== undefined && hasChanges(healthDiff);

      if (hasChanges(petDiff) || healthChanged) {
        const at = now;
        await updatePet(tx, id, petDiff.changes, at);
        await recordPetEvent(tx, id, {
          type: 'pet.edited',
          entity: 'pet',
          id,
          actor: eventActorOf(actor),
        });
        const before = { ...petDiff.before };
        const after = { ...petDiff.after };
        if (healthDiff && healthChanged) {
          await upsertHealthProfile(tx, id, healthDiff.changes, { vetId: actor.vetId, at });
          before.healthProfile = healthDiff.before;
          after.healthProfile = healthDiff.after;
        }
        await recordAudit(tx, actor, {
          action: 'pets.update',
          entity: 'pet',
          entityId: id,
          changes: { before, after },
        });
      }

      const updated = await requirePet(tx, actor, id);
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

/**
 * For every module that changes something of a pet's: records the domain event in the caller's
 * transaction, tagged with the pet's company so only vets allowed to see the pet hear of it.
 */
export async function recordPetEvent(
  tx: DbOrTx,
  petId: string,
  event: Omit<NewDomainEvent, 'petUuid' | 'companySku'>,
): Promise<void> {
  await recordEvent(tx, { ...event, petUuid: petId, companySku: await findPetCompanySku(tx, petId) });
}
