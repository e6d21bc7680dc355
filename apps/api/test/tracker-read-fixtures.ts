import type { ReadingKind, ReadingSource, Species } from '@vetboard/contract';
import type { DbOrTx } from '../src/db/client.ts';
import { newId } from '../src/lib/ids.ts';
import { families } from '../src/modules/core/families/families.table.ts';
import type { PetRow } from '../src/modules/core/pets/pets.table.ts';
import { insertReadings, type ReadingInsert } from '../src/modules/records/trackers/trackers.writes.ts';
import { createFamily, createPet } from './people-fixtures.ts';

/** Epoch seconds of an ISO instant, as the API's query parameters take them. */
export function seconds(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${iso}`);
  return ms / 1000;
}

/**
 * A pet whose owner lives in `timezone`; null gives a family without an owner (the pet is then in UTC).
 */
export async function petLivingIn(
  db: DbOrTx,
  timezone: string | null,
  options: { species?: Species; birthDate?: string | null; targetWeightKg?: number | null } = {},
): Promise<PetRow> {
  let familyId: string;
  if (timezone === null) {
    familyId = newId();
    await db.insert(families).values({ id: familyId, familyKind: 'paid' });
  } else {
    familyId = (await createFamily(db, { owner: { timezone } })).family.id;
  }
  return createPet(
    db,
    {
      familyId,
      species: options.species ?? 'dog',
      ...(options.birthDate === undefined ? {} : { birthDate: options.birthDate }),
    },
    { targetWeightKg: options.targetWeightKg ?? null },
  );
}

export function reading(
  petId: string,
  kind: ReadingKind,
  iso: string,
  value: number,
  source: ReadingSource = 'tracker',
): ReadingInsert {
  return { id: newId(), petId, kind, value, measuredAt: new Date(iso), source };
}

/** Through the production insert, so the rollups the charts read are the ones ingestion writes. */
export async function addReadings(db: DbOrTx, readings: ReadingInsert[]): Promise<void> {
  const { unknownPetIds } = await insertReadings(db, readings, null);
  if (unknownPetIds.length > 0) throw new Error(`readings for unknown pets ${unknownPetIds.join(', ')}`);
}
