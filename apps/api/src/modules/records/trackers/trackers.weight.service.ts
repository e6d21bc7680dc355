import {
  addCalendarDays,
  calendarDateToIso,
  computeDietProgress,
  type DietProgressResponse,
  type HistoryQuery,
  isoToCalendarDate,
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
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { todayIn } from '../../../lib/timezone.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { findPetWithOwner, petsErrors, recordPetEvent } from '../../core/pets/index.ts';
import { auditDiff, recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { findCurrentDietOfPet } from '../diets/index.ts';
import { raiseWeightCards } from '../pending-cards/index.ts';
import {
  type ChartPeriod,
  type PeriodUnit,
  periodContaining,
  periodCovering,
} from './trackers.periods.repository.ts';
import { trackersReadErrors } from './trackers.read.errors.ts';
import { round2, toChartResponse } from './trackers.read.mapper.ts';
import { explicitRange } from './trackers.read.service.ts';
import { weightErrors } from './trackers.weight.errors.ts';
import { toWeightEntryDto } from './trackers.weight.mapper.ts';
import {
  countWeightEntries,
  findWeightEntry,
  insertWeightEntry,
  listWeightEntries,
  lockWeightEntry,
  updateWeightEntry,
  vetWeightTimelineRows,
  type WeightEntryUpdateRow,
  weightBuckets,
  weightEntriesFromDay,
} from './trackers.weight.repository.ts';
import type { WeightEntryRow } from './trackers.weight.table.ts';

/** What weight rules need of the pet: its birth date, its days (timezone) and its target. */
interface WeighedPet {
  id: string;
  birthDate: string | null;
  timezone: string;
  targetWeightKg: number | null;
}

async function requirePet(
  db: DbOrTx,
  actor: Actor,
  petId: string,
  notFound: () => Error = petsErrors.notFound,
): Promise<WeighedPet> {
  const found = await findPetWithOwner(db, actor, petId);
  if (!found) throw notFound();
  return {
    id: found.pet.id,
    birthDate: found.pet.birthDate,
    timezone: found.timezone,
    targetWeightKg: found.targetWeightKg,
  };
}

export async function getWeightHistory(
  deps: { db: Db; actor: Actor },
  petId: string,
  query: HistoryQuery,
): Promise<WeightHistoryResponse> {
  const pet = await requirePet(deps.db, deps.actor, petId);
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
/** A weight range up to this many days is drawn in local days; a longer one in ISO weeks. */
const DAYS_IN_DAILY_RANGE = 62;
const MAX_RANGE_DAYS = 400;

const weightScopes: Record<WeightTimeScope, { unit: PeriodUnit; bucket: 'day' | 'week' }> = {
  week: { unit: 'week', bucket: 'day' },
  month: { unit: 'month', bucket: 'day' },
  year: { unit: 'isoyear', bucket: 'week' },
};

export async function getWeightChart(
  deps: { db: Db; now: Now; actor: Actor },
  petId: string,
  query: { timeScope: WeightTimeScope; date?: number; startDate?: number; endDate?: number },
): Promise<WeightChartResponse> {
  const range = explicitRange(query);
  const pet = await requirePet(deps.db, deps.actor, petId);
  let bucket: 'day' | 'week';
  let period: ChartPeriod;
  if (range) {
    // As long as the collar charts' ranges at most (bucketSizeForRange), whatever the bucket.
    if (range.end.getTime() - range.start.getTime() > MAX_RANGE_DAYS * 86_400_000) {
      throw trackersReadErrors.rangeTooLong();
    }
    // Up to two months in local days, longer ranges in ISO weeks, widened to whole buckets.
    bucket = range.end.getTime() - range.start.getTime() <= DAYS_IN_DAILY_RANGE * 86_400_000 ? 'day' : 'week';
    if (bucket === 'day') {
      period = await periodCovering(deps.db, pet.timezone, '1d', range.start, range.end);
    } else {
      const first = await periodContaining(deps.db, pet.timezone, 'week', range.start);
      const last = await periodContaining(deps.db, pet.timezone, 'week', new Date(range.end.getTime() - 1));
      period = { start: first.start, startDate: first.startDate, end: last.end, endDate: last.endDate };
    }
  } else {
    const scope = weightScopes[query.timeScope];
    bucket = scope.bucket;
    const at = query.date === undefined ? deps.now() : new Date(query.date * 1000);
    period = await periodContaining(deps.db, pet.timezone, scope.unit, at);
  }
  const buckets = await weightBuckets(deps.db, petId, pet.timezone, bucket, period);
  return {
    ...toChartResponse({
      timezone: pet.timezone,
      timeScope: range ? 'range' : query.timeScope,
      bucketSize: bucket === 'day' ? '1d' : '1w',
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

function checkMeasuredAt(pet: WeighedPet, measuredAt: Date, now: Date): void {
  if (measuredAt.getTime() > now.getTime() + MAX_READING_FUTURE_SECONDS * 1000) {
    throw weightErrors.measuredInFuture();
  }
  if (measuredAt.getTime() < 0) throw weightErrors.measuredBeforeBirth();
  // Compared in the pet's own calendar: weighed at 23:30 on its birthday in Sydney is on its birthday.
  if (pet.birthDate && todayIn(pet.timezone, measuredAt) < pet.birthDate) {
    throw weightErrors.measuredBeforeBirth();
  }
}

async function entryDto(tx: DbOrTx, pet: WeighedPet, id: string): Promise<WeightEntry> {
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
  deps: { db: Db; now: Now },
  actor: VetActor,
  input: WeightEntryCreate,
): Promise<WeightEntry> {
  return deps.db.transaction(async (tx) => {
    const pet = await requirePet(tx, actor, input.petUuid);
    const now = deps.now();
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
    await recordPetEvent(tx, pet.id, {
      type: 'weight.entry_added',
      entity: 'weight_entry',
      id: row.id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'weight.create',
      entity: 'weight_entry',
      entityId: row.id,
      changes: { petUuid: pet.id, after: auditValues(row) },
    });
    await raiseWeightCards(tx, actor, row, now, (await dietProgressOfPet(tx, pet)).dietProgress);
    return entryDto(tx, pet, row.id);
  });
}

/**
 * A vet corrects an entry; `note` left out keeps the current one. Fields sent with their current
 * value are not changes: a correction that changes nothing writes nothing.
 */
export async function correctWeightEntry(
  deps: { db: Db; now: Now },
  actor: VetActor,
  id: string,
  input: WeightEntryUpdate,
): Promise<WeightEntry> {
  return deps.db.transaction(async (tx) => {
    const current = await lockWeightEntry(tx, id);
    if (!current) throw weightErrors.notFound();
    // An entry of a pet outside the vet's scope is as unknown as a missing one.
    const pet = await requirePet(tx, actor, current.petId, weightErrors.notFound);
    const measuredAt = timestampToDate(input.measuredAt);
    checkMeasuredAt(pet, measuredAt, deps.now());
    const wanted = {
      valueKg: storedKg(input.value),
      measuredAt,
      location: input.location,
      note: input.note === undefined ? current.note : input.note || null,
    };

    // Compared as the audit log records them: dates as ISO text, the value under its public name.
    const diff = auditDiff(auditValues(current), auditValues(wanted));
    const changes: WeightEntryUpdateRow = {};
    for (const field of Object.keys(diff.changes) as Array<keyof typeof diff.changes>) {
      const key = field === 'value' ? 'valueKg' : field;
      Object.assign(changes, { [key]: wanted[key] });
    }

    if (Object.keys(changes).length > 0) {
      await recordPetEvent(tx, pet.id, {
        type: 'weight.entry_corrected',
        entity: 'weight_entry',
        id,
        actor: eventActorOf(actor),
      });
      await updateWeightEntry(tx, id, changes, deps.now());
      await recordAudit(tx, actor, {
        action: 'weight.update',
        entity: 'weight_entry',
        entityId: id,
        changes: { petUuid: pet.id, before: diff.before, after: diff.after },
      });
      if (changes.valueKg !== undefined || changes.measuredAt !== undefined)
        await raiseWeightCards(
          tx,
          actor,
          { id, petId: pet.id, ...wanted },
          deps.now(),
          (await dietProgressOfPet(tx, pet)).dietProgress,
        );
    }
    return entryDto(tx, pet, id);
  });
}

/** The weights vets entered for a pet, for its timeline (one bounded read). */
export async function listWeightTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  if (!read.kinds.has('weight.recorded')) return [];
  const rows = await vetWeightTimelineRows(deps.db, read);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    kind: 'weight.recorded',
    source: 'vet',
    title: `Weight recorded by a vet: ${round2(row.valueKg)} kg (${row.location === 'vet' ? 'at the clinic' : 'at home'})`,
    link: `/pets/${read.petId}/weight-history`,
  }));
}

/** The start weight is the latest entry of the 30 days up to the start, else the first of the 14 after. */
const START_WEIGHT_DAYS_BEFORE = 30;
const START_WEIGHT_DAYS_AFTER = 14;

/**
 * How the pet's current published diet is doing against its weight goal (issue 18 §4): the maths is
 * the contract's `computeDietProgress`; this reads its inputs. A diet's progress is a weight read: the weight module
 * reads the pet's current diet from the diets module, never the other way. The diet starts on its formulation date,
 * else on the day it was published (in the pet's timezone). `asOf` reads it as it stood just after an entry
 * measured then (the demo seed's replay of the rule): the entries up to that instant, and no diet if the
 * current one was published later.
 */
export async function dietProgressOfPet(
  db: DbOrTx,
  pet: { id: string; timezone: string; targetWeightKg: number | null },
  asOf?: Date,
): Promise<DietProgressResponse> {
  const unavailable = (reason: NonNullable<DietProgressResponse['unavailableReason']>) => ({
    dietProgress: null,
    unavailableReason: reason,
  });
  const diet = await findCurrentDietOfPet(db, pet.id);
  if (diet?.status !== 'published') return unavailable('no_published_diet');
  if (asOf && (diet.publishedAt === null || diet.publishedAt > asOf)) return unavailable('no_published_diet');
  if (diet.kind !== 'weight_loss' && diet.kind !== 'weight_gain') return unavailable('no_weight_goal');
  if (pet.targetWeightKg === null) return unavailable('no_target_weight');
  const startIso = diet.formulatedOn ?? todayIn(pet.timezone, diet.publishedAt ?? diet.createdAt);
  const start = isoToCalendarDate(startIso);
  const entries = await weightEntriesFromDay(
    db,
    pet.id,
    pet.timezone,
    calendarDateToIso(addCalendarDays(start, -START_WEIGHT_DAYS_BEFORE)),
    asOf,
  );
  const lastAfter = calendarDateToIso(addCalendarDays(start, START_WEIGHT_DAYS_AFTER));
  const baseline =
    entries.filter((entry) => entry.day <= startIso).at(-1) ??
    entries.find((entry) => entry.day > startIso && entry.day <= lastAfter);
  if (!baseline) return unavailable('no_start_weight');
  const progress = computeDietProgress({
    dietUuid: diet.id,
    dietKind: diet.kind,
    startDate: start,
    startWeightKg: baseline.valueKg,
    targetWeightKg: pet.targetWeightKg,
    entries: entries
      .filter((entry) => entry.day >= startIso)
      .map((entry) => ({ date: isoToCalendarDate(entry.day), valueKg: entry.valueKg })),
    nextAssessmentOn: diet.nextAssessmentOn ? isoToCalendarDate(diet.nextAssessmentOn) : null,
  });
  return progress ? { dietProgress: progress, unavailableReason: null } : unavailable('no_weight_goal');
}

export async function getDietProgress(
  deps: { db: Db },
  actor: Actor,
  petId: string,
): Promise<DietProgressResponse> {
  const found = await findPetWithOwner(deps.db, actor, petId);
  if (!found) throw petsErrors.notFound();
  return dietProgressOfPet(deps.db, {
    id: petId,
    timezone: found.timezone,
    targetWeightKg: found.targetWeightKg,
  });
}
