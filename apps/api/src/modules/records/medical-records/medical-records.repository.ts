import type { LabelListQuery, MedicalRecordListQuery } from '@vetboard/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { families, files, pets, users, vets } from '../../../db/schema.ts';
import {
  boundedCountOf,
  containsPattern,
  orderByWithTieBreak,
  type PageWindow,
} from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import {
  type LabelRow,
  labels,
  type MedicalRecordRow,
  medicalRecordLabels,
  medicalRecords,
  type NewMedicalRecordRow,
} from './medical-records.table.ts';

// --- Labels ---

/**
 * How many records carry each label: `scope` is the policy's condition on a record's pet, so a label's
 * count is of the records the actor sees. Counted in a subquery per label id.
 */
function recordCountSql(scope: SQL | undefined) {
  const counted = sql`select count(*) from medical_record_labels mrl
    join medical_records on medical_records.id = mrl.record_id
    where mrl.label_id = labels.id${scope ? sql` and ${scope}` : sql``}`;
  return sql<number>`(${counted})::int`;
}

function labelFilter(query: Pick<LabelListQuery, 'status' | 'search'>): SQL | undefined {
  const status = query.status ?? 'active';
  return and(
    status === 'active'
      ? isNull(labels.archivedAt)
      : status === 'archived'
        ? isNotNull(labels.archivedAt)
        : undefined,
    query.search ? like(sql`lower(${labels.name})`, containsPattern(query.search)) : undefined,
  );
}

export function listLabels(
  db: DbOrTx,
  query: Pick<LabelListQuery, 'status' | 'search' | 'sort' | 'order'>,
  scope: SQL | undefined,
  window: PageWindow,
) {
  const count = recordCountSql(scope);
  const order =
    query.sort === 'recordCount'
      ? orderByWithTieBreak(count, query.order, labels.id)
      : orderByWithTieBreak(sql`lower(${labels.name})`, query.order, labels.id);
  return db
    .select({ label: labels, recordCount: count })
    .from(labels)
    .where(labelFilter(query))
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}

export async function countLabels(db: DbOrTx, query: Pick<LabelListQuery, 'status' | 'search'>) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(labels).where(labelFilter(query));
  return row?.count ?? 0;
}

export async function findLabel(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await db
    .select({ label: labels, recordCount: recordCountSql(scope) })
    .from(labels)
    .where(eq(labels.id, id))
    .limit(1);
  return row;
}

export async function lockLabel(tx: DbOrTx, id: string): Promise<LabelRow | undefined> {
  const [row] = await tx.select().from(labels).where(eq(labels.id, id)).for('update').limit(1);
  return row;
}

export async function insertLabel(tx: DbOrTx, row: typeof labels.$inferInsert): Promise<void> {
  await tx.insert(labels).values(row);
}

export async function updateLabel(tx: DbOrTx, id: string, changes: Partial<typeof labels.$inferInsert>) {
  await tx.update(labels).set(changes).where(eq(labels.id, id));
}

/** Moves every record of `fromId` to `intoId` (once each), then removes `fromId`; the records moved. */
export async function mergeLabelRows(tx: DbOrTx, fromId: string, intoId: string): Promise<string[]> {
  const moved = await tx
    .select({ recordId: medicalRecordLabels.recordId })
    .from(medicalRecordLabels)
    .where(eq(medicalRecordLabels.labelId, fromId));
  const recordIds = moved.map((row) => row.recordId);
  if (recordIds.length > 0)
    await tx
      .insert(medicalRecordLabels)
      .values(recordIds.map((recordId) => ({ recordId, labelId: intoId })))
      .onConflictDoNothing();
  await tx.delete(labels).where(eq(labels.id, fromId));
  return recordIds;
}

export async function activeLabelIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(inArray(labels.id, ids), isNull(labels.archivedAt)));
  return new Set(rows.map((row) => row.id));
}

// --- Records ---

const owners = alias(users, 'owner');
const uploader = alias(vets, 'uploader');
const reviewer = alias(vets, 'reviewer');

function selectRecords(db: DbOrTx) {
  return db
    .select({
      record: medicalRecords,
      pet: { id: pets.id, name: pets.name },
      owner: { firstName: owners.firstName, lastName: owners.lastName },
      file: { id: files.id, contentType: files.contentType, size: files.size },
      uploadedBy: { id: uploader.id, firstName: uploader.firstName, lastName: uploader.lastName },
      reviewedBy: { id: reviewer.id, firstName: reviewer.firstName, lastName: reviewer.lastName },
      labels: sql<Array<{ id: string; name: string; color: string }>>`coalesce((
        select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by lower(l.name))
        from medical_record_labels mrl join labels l on l.id = mrl.label_id
        where mrl.record_id = ${medicalRecords.id}), '[]'::json)`,
    })
    .from(medicalRecords)
    .innerJoin(pets, eq(pets.id, medicalRecords.petId))
    .innerJoin(files, eq(files.id, medicalRecords.fileId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owners, eq(owners.id, families.ownerUserId))
    .leftJoin(uploader, eq(uploader.id, medicalRecords.uploadedByVetId))
    .leftJoin(reviewer, eq(reviewer.id, medicalRecords.reviewedByVetId))
    .$dynamic();
}

export type MedicalRecordDetailsRow = Awaited<ReturnType<typeof selectRecords>>[number];

export type MedicalRecordFilter = Omit<MedicalRecordListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  scope: SQL | undefined;
};

function recordFilter(filter: MedicalRecordFilter, withStatus = true): SQL | undefined {
  return and(
    filter.scope,
    withStatus && filter.status ? eq(medicalRecords.status, filter.status) : undefined,
    filter.petUuid ? eq(medicalRecords.petId, filter.petUuid) : undefined,
    filter.uploadedBy ? eq(medicalRecords.uploadedBy, filter.uploadedBy) : undefined,
    filter.uploadedByVetUuid ? eq(medicalRecords.uploadedByVetId, filter.uploadedByVetUuid) : undefined,
    filter.labelUuid
      ? sql`exists (select 1 from medical_record_labels x
          where x.record_id = medical_records.id and x.label_id = ${filter.labelUuid})`
      : undefined,
    filter.uploadedFrom === undefined
      ? undefined
      : gte(medicalRecords.uploadedAt, new Date(filter.uploadedFrom * 1000)),
    filter.uploadedTo === undefined
      ? undefined
      : lt(medicalRecords.uploadedAt, new Date(filter.uploadedTo * 1000)),
    filter.search
      ? or(
          like(pets.searchText, containsPattern(filter.search)),
          like(sql`lower(${medicalRecords.title})`, containsPattern(filter.search)),
          sql`lower(${owners.firstName} || ' ' || ${owners.lastName}) like ${containsPattern(filter.search)}`,
        )
      : undefined,
  );
}

function recordOrder(sort: Pick<MedicalRecordListQuery, 'sort' | 'order'>): SQL[] {
  if (sort.sort === 'inbox') {
    // Records awaiting review first, then the longest waiting.
    const pending = sql`case when ${medicalRecords.status} = 'pending' then 0 else 1 end`;
    return [asc(pending), ...orderByWithTieBreak(medicalRecords.uploadedAt, 'asc', medicalRecords.id)];
  }
  const column = sort.sort === 'documentDate' ? medicalRecords.documentDate : medicalRecords.uploadedAt;
  return orderByWithTieBreak(column, sort.order, medicalRecords.id);
}

export function listRecords(
  db: DbOrTx,
  filter: MedicalRecordFilter,
  sort: Pick<MedicalRecordListQuery, 'sort' | 'order'>,
  window: PageWindow,
) {
  return selectRecords(db)
    .where(recordFilter(filter))
    .orderBy(...recordOrder(sort))
    .limit(window.limit)
    .offset(window.offset);
}

function joinedCount(db: DbOrTx) {
  return db
    .select({ status: medicalRecords.status, count: sql<number>`count(*)::int` })
    .from(medicalRecords)
    .innerJoin(pets, eq(pets.id, medicalRecords.petId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owners, eq(owners.id, families.ownerUserId))
    .$dynamic();
}

export async function countRecords(db: DbOrTx, filter: MedicalRecordFilter, bound: number) {
  return boundedCountOf(
    db,
    db
      .select({ one: sql`1` })
      .from(medicalRecords)
      .innerJoin(pets, eq(pets.id, medicalRecords.petId))
      .leftJoin(families, eq(families.id, pets.familyId))
      .leftJoin(owners, eq(owners.id, families.ownerUserId))
      .where(recordFilter(filter))
      .$dynamic(),
    bound,
  );
}

export async function countRecordsByStatus(db: DbOrTx, filter: MedicalRecordFilter) {
  const rows = await joinedCount(db).where(recordFilter(filter, false)).groupBy(medicalRecords.status);
  const counts = { pending: 0, reviewed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/**
 * Marks reviewed, in one statement, at most `limit` pending records the filter matches (its status
 * aside) and answers them. The filter carries the access policy's scope, so nothing out of it is touched.
 */
export function reviewMatching(
  tx: DbOrTx,
  filter: MedicalRecordFilter,
  vetId: string,
  at: Date,
  limit: number,
): Promise<Array<{ id: string; petId: string }>> {
  const matching = tx
    .select({ id: medicalRecords.id })
    .from(medicalRecords)
    .innerJoin(pets, eq(pets.id, medicalRecords.petId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owners, eq(owners.id, families.ownerUserId))
    .where(recordFilter({ ...filter, status: 'pending' }))
    .orderBy(medicalRecords.id)
    .limit(limit);
  return tx
    .update(medicalRecords)
    .set({ status: 'reviewed', reviewedByVetId: vetId, reviewedAt: at })
    .where(and(inArray(medicalRecords.id, matching), eq(medicalRecords.status, 'pending')))
    .returning({ id: medicalRecords.id, petId: medicalRecords.petId });
}

export async function findRecord(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectRecords(db)
    .where(and(eq(medicalRecords.id, id), scope))
    .limit(1);
  return row;
}

export async function lockRecord(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<MedicalRecordRow | undefined> {
  const [row] = await tx
    .select()
    .from(medicalRecords)
    .where(and(eq(medicalRecords.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function insertRecord(tx: DbOrTx, row: NewMedicalRecordRow): Promise<void> {
  await tx.insert(medicalRecords).values(row);
}

export async function updateRecord(tx: DbOrTx, id: string, changes: Partial<NewMedicalRecordRow>) {
  await tx.update(medicalRecords).set(changes).where(eq(medicalRecords.id, id));
}

export async function recordLabelIds(db: DbOrTx, recordId: string): Promise<string[]> {
  const rows = await db
    .select({ labelId: medicalRecordLabels.labelId })
    .from(medicalRecordLabels)
    .where(eq(medicalRecordLabels.recordId, recordId));
  return rows.map((row) => row.labelId).sort();
}

export async function replaceRecordLabels(tx: DbOrTx, recordId: string, labelIds: string[]) {
  await tx.delete(medicalRecordLabels).where(eq(medicalRecordLabels.recordId, recordId));
  if (labelIds.length > 0)
    await tx.insert(medicalRecordLabels).values(labelIds.map((labelId) => ({ recordId, labelId })));
}

export async function petsOfRecords(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: medicalRecords.id, petId: medicalRecords.petId })
    .from(medicalRecords)
    .where(inArray(medicalRecords.id, ids));
}

/** One pet's uploaded records, for its timeline: one bounded page; `uploadedBy` when a source filter decides it. */
export function medicalRecordTimelineRows(db: DbOrTx, read: TimelineRead, uploadedBy?: 'vet' | 'owner') {
  return db
    .select({
      id: medicalRecords.id,
      at: timelineAt(medicalRecords.uploadedAt),
      title: medicalRecords.title,
      uploadedBy: medicalRecords.uploadedBy,
    })
    .from(medicalRecords)
    .where(
      timelineWhere(
        'medical_record.uploaded',
        medicalRecords.uploadedAt,
        medicalRecords.id,
        read,
        eq(medicalRecords.petId, read.petId),
        uploadedBy ? eq(medicalRecords.uploadedBy, uploadedBy) : undefined,
      ),
    )
    .orderBy(...timelineOrder(medicalRecords.uploadedAt, medicalRecords.id))
    .limit(read.limit);
}
