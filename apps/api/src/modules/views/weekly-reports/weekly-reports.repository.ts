import type { WeeklyReportListQuery, WeeklyReportStatus } from '@vetboard/contract';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { boundedCountOf, type PageWindow } from '../../../lib/list-query.ts';
import { ownerFields, petMatches, petNameColumn, withPet, withPetAndOwner } from '../../core/pets/index.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { type NewWeeklyReportRow, type WeeklyReportRow, weeklyReports } from './weekly-reports.table.ts';

const reviewer = vetInRole('reviewer');
const sender = vetInRole('sender');

/** Which of `petIds` already have their report of `week`. */
export async function petsWithReport(db: DbOrTx, week: string, petIds: readonly string[]) {
  const rows = await db
    .select({ petId: weeklyReports.petId })
    .from(weeklyReports)
    .where(and(eq(weeklyReports.week, week), inArray(weeklyReports.petId, [...petIds])));
  return new Set(rows.map((row) => row.petId));
}

/**
 * Inserts the reports that do not exist yet: a report of the same pet and week written meanwhile (a
 * second instance running the same job) wins, and this one is dropped. Answers the ids written.
 */
export async function insertReports(tx: DbOrTx, rows: NewWeeklyReportRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const written = await tx
    .insert(weeklyReports)
    .values(rows)
    .onConflictDoNothing({ target: [weeklyReports.petId, weeklyReports.week] })
    .returning({ id: weeklyReports.id });
  return written.map((row) => row.id);
}

const detailColumns = {
  report: weeklyReports,
  petName: petNameColumn,
  ownerEmail: ownerFields.email,
  reviewerName: reviewer.fullName,
  senderName: sender.fullName,
};

export type WeeklyReportDetailsRow = {
  report: WeeklyReportRow;
  petName: string;
  ownerEmail: string | null;
  reviewerName: string | null;
  senderName: string | null;
};

function selectReports(db: DbOrTx) {
  const query = withPetAndOwner(db.select(detailColumns).from(weeklyReports).$dynamic(), weeklyReports.petId);
  return sender.join(reviewer.join(query, weeklyReports.reviewedByVetId), weeklyReports.sentByVetId);
}

export async function findReport(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<WeeklyReportDetailsRow | undefined> {
  const [row] = await selectReports(db)
    .where(and(eq(weeklyReports.id, id), scope))
    .limit(1);
  return row;
}

export async function lockReport(tx: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await tx
    .select()
    .from(weeklyReports)
    .where(and(eq(weeklyReports.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function updateReport(tx: DbOrTx, id: string, changes: Partial<NewWeeklyReportRow>) {
  await tx.update(weeklyReports).set(changes).where(eq(weeklyReports.id, id));
}

export type WeeklyReportFilter = Partial<
  Omit<WeeklyReportListQuery, 'page' | 'pageSize' | 'sort' | 'order'>
> & {
  petId?: string;
  scope: SQL | undefined;
};

function listCondition(filter: WeeklyReportFilter, withStatus = true) {
  return and(
    filter.scope,
    filter.petId ? eq(weeklyReports.petId, filter.petId) : undefined,
    filter.week ? eq(weeklyReports.week, filter.week) : undefined,
    withStatus && filter.status ? eq(weeklyReports.status, filter.status) : undefined,
    filter.company ? eq(weeklyReports.companySku, filter.company) : undefined,
    filter.vetUuid
      ? or(eq(weeklyReports.reviewedByVetId, filter.vetUuid), eq(weeklyReports.sentByVetId, filter.vetUuid))
      : undefined,
    filter.search ? petMatches(filter.search) : undefined,
  );
}

const statusRank = sql`case ${weeklyReports.status} when 'draft' then 0 when 'reviewed' then 1 else 2 end`;

/**
 * The inbox order: drafts to review first, then reviewed ones waiting to be sent, then sent ones;
 * within each, the most concerning first (open cards, then the largest change of a tracker).
 */
function orderOf(sort: WeeklyReportListQuery['sort'], order: 'asc' | 'desc'): SQL[] {
  const forward = order === 'asc';
  const up = forward ? asc : desc;
  const down = forward ? desc : asc;
  if (sort === 'week')
    return [up(weeklyReports.weekStart), asc(sql`lower(${petNameColumn})`), asc(weeklyReports.id)];
  if (sort === 'pet')
    return [up(sql`lower(${petNameColumn})`), desc(weeklyReports.weekStart), asc(weeklyReports.id)];
  return [
    up(statusRank),
    down(weeklyReports.openCardCount),
    forward
      ? sql`${weeklyReports.largestChangePercent} desc nulls last`
      : sql`${weeklyReports.largestChangePercent} asc nulls first`,
    down(weeklyReports.weekStart),
    asc(sql`lower(${petNameColumn})`),
    asc(weeklyReports.id),
  ];
}

export function listReports(
  db: DbOrTx,
  filter: WeeklyReportFilter,
  sort: { sort: WeeklyReportListQuery['sort']; order: 'asc' | 'desc' },
  window: PageWindow,
) {
  return selectReports(db)
    .where(listCondition(filter))
    .orderBy(...orderOf(sort.sort, sort.order))
    .limit(window.limit)
    .offset(window.offset);
}

function fromReports(db: DbOrTx) {
  return withPet(db.select({ one: sql`1` }).from(weeklyReports).$dynamic(), weeklyReports.petId);
}

export async function countReports(db: DbOrTx, filter: WeeklyReportFilter, bound: number): Promise<number> {
  return boundedCountOf(db, fromReports(db).where(listCondition(filter)), bound);
}

export async function countReportsByStatus(
  db: DbOrTx,
  filter: WeeklyReportFilter,
): Promise<Record<WeeklyReportStatus, number>> {
  const rows = await withPet(
    db
      .select({ status: weeklyReports.status, count: sql<number>`count(*)::int` })
      .from(weeklyReports)
      .$dynamic(),
    weeklyReports.petId,
  )
    .where(listCondition(filter, false))
    .groupBy(weeklyReports.status);
  const counts = { draft: 0, reviewed: 0, sent: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}
