import type { CheckupListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { boundedCountOf, orderByWithTieBreak, type PageWindow } from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import { ownerFields, petFields, petOrOwnerMatches, withPetAndOwner } from '../../core/pets/index.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { forms } from './checkups.forms.table.ts';
import { type CheckupRow, checkups, type NewCheckupRow } from './checkups.table.ts';

export async function insertCheckups(tx: DbOrTx, rows: NewCheckupRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(checkups).values(rows);
}

/** The pets among `petIds` already holding a checkup of the form that their owner has not answered. */
export async function petsAwaitingForm(tx: DbOrTx, formId: string, petIds: string[]): Promise<Set<string>> {
  if (petIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ petId: checkups.petId })
    .from(checkups)
    .where(and(eq(checkups.formId, formId), eq(checkups.status, 'sent'), inArray(checkups.petId, petIds)));
  return new Set(rows.map((row) => row.petId));
}

const reviewer = vetInRole('reviewer');
const filler = vetInRole('filler');

function selectCheckups(db: DbOrTx) {
  const query = db
    .select({
      checkup: checkups,
      pet: petFields,
      owner: { firstName: ownerFields.firstName, lastName: ownerFields.lastName },
      form: { id: forms.id, title: forms.title, poolId: forms.poolId, isPool: forms.isPool },
      reviewedBy: reviewer.fields,
      filledBy: filler.fields,
    })
    .from(checkups)
    .$dynamic();
  const withForm = withPetAndOwner(query, checkups.petId).innerJoin(forms, eq(forms.id, checkups.formId));
  return filler.join(reviewer.join(withForm, checkups.reviewedByVetId), checkups.filledByVetId);
}

export type CheckupDetailsRow = Awaited<ReturnType<typeof selectCheckups>>[number];

/** `scope` is the access policy's condition on the checkup's pet (policy/scope.ts). */
export type CheckupFilter = Omit<CheckupListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  scope: SQL | undefined;
};

function filterCondition(filter: CheckupFilter, withStatus = true): SQL | undefined {
  return and(
    filter.scope,
    withStatus && filter.status ? eq(checkups.status, filter.status) : undefined,
    filter.problematic === undefined ? undefined : eq(checkups.problematic, filter.problematic),
    filter.petUuid ? eq(checkups.petId, filter.petUuid) : undefined,
    filter.poolUuid
      ? or(
          eq(checkups.formId, filter.poolUuid),
          sql`${checkups.formId} in (select f.id from forms f where f.pool_id = ${filter.poolUuid})`,
        )
      : undefined,
    filter.sentFrom === undefined ? undefined : gte(checkups.sentAt, new Date(filter.sentFrom * 1000)),
    filter.sentTo === undefined ? undefined : lt(checkups.sentAt, new Date(filter.sentTo * 1000)),
    filter.search ? petOrOwnerMatches(filter.search) : undefined,
  );
}

function orderOf(sort: Pick<CheckupListQuery, 'sort' | 'order'>): SQL[] {
  if (sort.sort === 'inbox') {
    // Answered checkups awaiting review first, the problematic ones before the rest, then oldest first.
    const awaiting = sql`case when ${checkups.status} = 'answered' then 0 else 1 end`;
    return [
      asc(awaiting),
      desc(checkups.problematic),
      ...orderByWithTieBreak(sql`coalesce(${checkups.answeredAt}, ${checkups.sentAt})`, 'asc', checkups.id),
    ];
  }
  const column = sort.sort === 'answeredAt' ? checkups.answeredAt : checkups.sentAt;
  return orderByWithTieBreak(column, sort.order, checkups.id);
}

export function listCheckups(
  db: DbOrTx,
  filter: CheckupFilter,
  sort: Pick<CheckupListQuery, 'sort' | 'order'>,
  window: PageWindow,
): Promise<CheckupDetailsRow[]> {
  return selectCheckups(db)
    .where(filterCondition(filter))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

function countBase(db: DbOrTx) {
  return withPetAndOwner(
    db.select({ status: checkups.status, count: sql<number>`count(*)::int` }).from(checkups).$dynamic(),
    checkups.petId,
  );
}

export async function countCheckups(db: DbOrTx, filter: CheckupFilter, bound: number): Promise<number> {
  return boundedCountOf(
    db,
    withPetAndOwner(db.select({ one: sql`1` }).from(checkups).$dynamic(), checkups.petId).where(
      filterCondition(filter),
    ),
    bound,
  );
}

/** How many match the filters in each status, the status filter left out (the inbox's tabs). */
export async function countCheckupsByStatus(db: DbOrTx, filter: CheckupFilter) {
  const rows = await countBase(db).where(filterCondition(filter, false)).groupBy(checkups.status);
  const counts = { sent: 0, answered: 0, reviewed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function findCheckup(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectCheckups(db)
    .where(and(eq(checkups.id, id), scope))
    .limit(1);
  return row;
}

export async function lockCheckup(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<CheckupRow | undefined> {
  const [row] = await tx
    .select()
    .from(checkups)
    .where(and(eq(checkups.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function updateCheckup(tx: DbOrTx, id: string, changes: Partial<NewCheckupRow>): Promise<void> {
  await tx.update(checkups).set(changes).where(eq(checkups.id, id));
}

/** Checkups of some pets answered in [start, end), with their form's title, oldest first. */
export function checkupsOfPetsAnsweredDuring(db: DbOrTx, petIds: readonly string[], start: Date, end: Date) {
  return db
    .select({
      id: checkups.id,
      petId: checkups.petId,
      title: forms.title,
      answeredAt: checkups.answeredAt,
      problematic: checkups.problematic,
    })
    .from(checkups)
    .innerJoin(forms, eq(forms.id, checkups.formId))
    .where(
      and(
        inArray(checkups.petId, [...petIds]),
        gte(checkups.answeredAt, start),
        lt(checkups.answeredAt, end),
      ),
    )
    .orderBy(asc(checkups.answeredAt), asc(checkups.id));
}

/** One pet's checkups sent, answered or reviewed (by that kind's time), for its timeline: one bounded page. */
export function checkupTimelineRows(
  db: DbOrTx,
  read: TimelineRead,
  kind: 'checkup.sent' | 'checkup.answered' | 'checkup.reviewed',
) {
  const at = {
    'checkup.sent': checkups.sentAt,
    'checkup.answered': checkups.answeredAt,
    'checkup.reviewed': checkups.reviewedAt,
  }[kind];
  // An answer's source is who filled it: the owner in the app, or a vet during a call.
  const answeredBy =
    kind === 'checkup.answered' && !(read.sources.has('owner_app') && read.sources.has('vet'))
      ? read.sources.has('vet')
        ? isNotNull(checkups.filledByVetId)
        : isNull(checkups.filledByVetId)
      : undefined;
  return db
    .select({
      id: checkups.id,
      at: timelineAt(at),
      formTitle: forms.title,
      problematicCount: checkups.problematicCount,
      filledByVet: sql<boolean>`${checkups.filledByVetId} is not null`,
    })
    .from(checkups)
    .innerJoin(forms, eq(forms.id, checkups.formId))
    .where(timelineWhere(kind, at, checkups.id, read, eq(checkups.petId, read.petId), answeredBy))
    .orderBy(...timelineOrder(at, checkups.id))
    .limit(read.limit);
}
