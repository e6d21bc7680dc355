import {
  type HistoryQuery,
  MAX_READING_FUTURE_SECONDS,
  paginationOf,
  timestampToDate,
  type WeightChartResponse,
  type WeightEntry,
  type WeightEntryCreate,
  type WeightEntryUpdate,
  type WeightHistoryResponse,
  type WeightTimeScope,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { todayIn } from '../../lib/timezone.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { petsErrors } from '../pets/pets.errors.ts';
import { type PeriodUnit, periodContaining } from '../trackers/trackers.charts.repository.ts';
import { round2, toChartResponse } from '../trackers/trackers.read.mapper.ts';
import { findPetTrackerContext, type PetTrackerContext } from '../trackers/trackers.read.repository.ts';
import { weightErrors } from './weight.errors.ts';
import { toWeightEntryDto } from './weight.mapper.ts';
import {
  countWeightEntries,
  findWeightEntry,
  insertWeightEntry,
  listWeightEntries,
  lockWeightEntry,
  updateWeightEntry,
  type WeightEntryUpdateRow,
  weightBuckets,
} from './weight.repository.ts';
import type { WeightEntryRow } from './weight.table.ts';

export interface Actor {
  vetId: string;
  meta: RequestMeta | null;
}

async function requirePet(db: DbOrTx, petId: string): Promise<PetTrackerContext> {
  const pet = await findPetTrackerContext(db, petId);
  if (!pet) throw petsErrors.notFound();
  return pet;
}

export async function getWeightHistory(
  deps: { db: Db },
  petId: string,
  query: HistoryQuery,
): Promise<WeightHistoryResponse> {
  const pet = await requirePet(deps.db, petId);
  const pageQuery = {
    petId,
    start: query.startDate === undefined ? undefined : new Date(query.startDate * 1000),
    end: query.endDate === undefined ? undefined : new Date(query.endDate * 1000),
    order: query.order,
    page: query.page,
    pageSize: query.pageSize,
  };
  const [rows, total] = await Promise.all([
    listWeightEntries(deps.db, pageQuery),
    countWeightEntries(deps.db, pageQuery),
  ]);
  return {
    entries: rows.map((row) => toWeightEntryDto(row, pet.targetWeightKg)),
    pagination: paginationOf(query.page, query.pageSize, total),
    timezone: pet.timezone,
    targetWeightKg: pet.targetWeightKg,
  };
}

/**
 * Week and month in local days, year in ISO weeks. The year is the ISO week-numbering year of the
 * date (52 or 53 whole weeks, Monday to Sunday), which can start up to 3 days before 1 January or
 * after it: whole weeks keep every point comparable.
 */
const weightScopes: Record<WeightTimeScope, { unit: PeriodUnit; bucket: 'day' | 'week' }> = {
  week: { unit: 'week', bucket: 'day' },
  month: { unit: 'month', bucket: 'day' },
  year: { unit: 'isoyear', bucket: 'week' },
};

export async function getWeightChart(
  deps: { db: Db },
  petId: string,
  query: { timeScope: WeightTimeScope; date?: number },
): Promise<WeightChartResponse> {
  const pet = await requirePet(deps.db, petId);
  const scope = weightScopes[query.timeScope];
  const at = query.date === undefined ? new Date() : new Date(query.date * 1000);
  const period = await periodContaining(deps.db, pet.timezone, scope.unit, at);
  const buckets = await weightBuckets(deps.db, petId, pet.timezone, scope.bucket, period);
  return {
    ...toChartResponse({
      timezone: pet.timezone,
      timeScope: query.timeScope,
      bucketSize: scope.bucket === 'day' ? '1d' : '1w',
      period,
      buckets,
    }),
    targetWeightKg: pet.targetWeightKg,
  };
}

/** numeric(6,2): what is stored, and so what the rules and the audit must see. */
function storedKg(value: number): number {
  const kg = round2(value);
  if (kg <= 0 || kg >= 200) throw weightErrors.valueOutOfRange();
  return kg;
}

function checkMeasuredAt(pet: PetTrackerContext, measuredAt: Date, now: Date): void {
  if (measuredAt.getTime() > now.getTime() + MAX_READING_FUTURE_SECONDS * 1000) {
    throw weightErrors.measuredInFuture();
  }
  if (measuredAt.getTime() < 0) throw weightErrors.measuredBeforeBirth();
  // Compared in the pet's own calendar: weighed at 23:30 on its birthday in Sydney is on its birthday.
  if (pet.birthDate && todayIn(pet.timezone, measuredAt) < pet.birthDate) {
    throw weightErrors.measuredBeforeBirth();
  }
}

async function entryDto(tx: DbOrTx, pet: PetTrackerContext, id: string): Promise<WeightEntry> {
  const row = await findWeightEntry(tx, pet.id, id);
  if (!row) throw weightErrors.notFound();
  return toWeightEntryDto(row, pet.targetWeightKg);
}

function auditValues(entry: Pick<WeightEntryRow, 'valueKg' | 'measuredAt' | 'location' | 'note'>) {
  return {
    value: entry.valueKg,
    measuredAt: entry.measuredAt.toISOString(),
    location: entry.location,
    note: entry.note,
  };
}

/** A vet adds an entry: the author is the vet of the session. */
export async function createWeightEntry(
  deps: { db: Db },
  input: WeightEntryCreate,
  actor: Actor,
): Promise<WeightEntry> {
  return deps.db.transaction(async (tx) => {
    const pet = await requirePet(tx, input.petUuid);
    const now = new Date();
    const measuredAt = timestampToDate(input.measuredAt);
    checkMeasuredAt(pet, measuredAt, now);
    const row = {
      id: newId(),
      petId: pet.id,
      valueKg: storedKg(input.value),
      measuredAt,
      location: input.location,
      author: 'vet' as const,
      authorVetId: actor.vetId,
      note: input.note || null,
      createdAt: now,
      updatedAt: now,
    };
    await insertWeightEntry(tx, row);
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
        action: 'weight.create',
        entity: 'weight_entry',
        entityId: row.id,
        changes: { petUuid: pet.id, after: auditValues(row) },
      },
      actor.meta,
    );
    return entryDto(tx, pet, row.id);
  });
}

/**
 * A vet corrects an entry; `note` left out keeps the current one. Fields sent with their current
 * value are not changes: a correction that changes nothing writes nothing.
 */
export async function correctWeightEntry(
  deps: { db: Db },
  id: string,
  input: WeightEntryUpdate,
  actor: Actor,
): Promise<WeightEntry> {
  return deps.db.transaction(async (tx) => {
    const current = await lockWeightEntry(tx, id);
    if (!current) throw weightErrors.notFound();
    const pet = await requirePet(tx, current.petId);
    const measuredAt = timestampToDate(input.measuredAt);
    checkMeasuredAt(pet, measuredAt, new Date());
    const wanted = {
      valueKg: storedKg(input.value),
      measuredAt,
      location: input.location,
      note: input.note === undefined ? current.note : input.note || null,
    };

    const changes: WeightEntryUpdateRow = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const currentValues = auditValues(current);
    const wantedValues = auditValues(wanted);
    for (const key of ['valueKg', 'measuredAt', 'location', 'note'] as const) {
      const field = key === 'valueKg' ? 'value' : key;
      if (currentValues[field] === wantedValues[field]) continue;
      Object.assign(changes, { [key]: wanted[key] });
      before[field] = currentValues[field];
      after[field] = wantedValues[field];
    }

    if (Object.keys(changes).length > 0) {
      await updateWeightEntry(tx, id, changes, new Date());
      await recordAudit(
        tx,
        {
          actorVetId: actor.vetId,
          action: 'weight.update',
          entity: 'weight_entry',
          entityId: id,
          changes: { petUuid: pet.id, before, after },
        },
        actor.meta,
      );
    }
    return entryDto(tx, pet, id);
  });
}
