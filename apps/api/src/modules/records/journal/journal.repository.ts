import type { JournalListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, gte, inArray, like, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { emailOutbox, families, files, pets, users, vets } from '../../../db/schema.ts';
import {
  boundedCountOf,
  containsPattern,
  orderByWithTieBreak,
  type PageWindow,
} from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import {
  type JournalEntryRow,
  journalEntries,
  journalEntryPhotos,
  journalEntryReplies,
  type NewJournalEntryRow,
} from './journal.table.ts';

const owners = alias(users, 'owner');
const seer = alias(vets, 'seer');
const replier = alias(vets, 'replier');
const resolver = alias(vets, 'resolver');
const lastReply = alias(journalEntryReplies, 'last_reply');

function selectEntries(db: DbOrTx) {
  return (
    db
      .select({
        entry: journalEntries,
        pet: { id: pets.id, name: pets.name },
        owner: { firstName: owners.firstName, lastName: owners.lastName, email: owners.email },
        photoCount: sql<number>`(select count(*)::int from journal_entry_photos p where p.entry_id = ${journalEntries.id})`,
        seenBy: { id: seer.id, firstName: seer.firstName, lastName: seer.lastName },
        lastReply: { reply: lastReply.reply, repliedAt: lastReply.repliedAt },
        repliedBy: { id: replier.id, firstName: replier.firstName, lastName: replier.lastName },
        resolvedBy: { id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName },
      })
      .from(journalEntries)
      .innerJoin(pets, eq(pets.id, journalEntries.petId))
      .leftJoin(families, eq(families.id, pets.familyId))
      .leftJoin(owners, eq(owners.id, families.ownerUserId))
      .leftJoin(seer, eq(seer.id, journalEntries.seenByVetId))
      // The summary's reply is the thread's latest.
      .leftJoin(
        lastReply,
        and(
          eq(lastReply.entryId, journalEntries.id),
          eq(
            lastReply.position,
            sql`(select max(r.position) from journal_entry_replies r where r.entry_id = ${journalEntries.id})`,
          ),
        ),
      )
      .leftJoin(replier, eq(replier.id, lastReply.repliedByVetId))
      .leftJoin(resolver, eq(resolver.id, journalEntries.resolvedByVetId))
      .$dynamic()
  );
}

export type JournalEntryDetailsRow = Awaited<ReturnType<typeof selectEntries>>[number];

/** `scope` is the access policy's condition on the entry's pet (policy/scope.ts). */
export type JournalFilter = Omit<JournalListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  scope: SQL | undefined;
  /** Leave this entry out (the entry page's "other recent entries"). */
  excludeId?: string;
};

function filterCondition(filter: JournalFilter, withStatus = true): SQL | undefined {
  return and(
    filter.scope,
    withStatus && filter.status ? eq(journalEntries.status, filter.status) : undefined,
    filter.category ? eq(journalEntries.category, filter.category) : undefined,
    filter.severity ? eq(journalEntries.severity, filter.severity) : undefined,
    filter.petUuid ? eq(journalEntries.petId, filter.petUuid) : undefined,
    filter.excludeId ? ne(journalEntries.id, filter.excludeId) : undefined,
    filter.occurredFrom === undefined
      ? undefined
      : gte(journalEntries.occurredAt, new Date(filter.occurredFrom * 1000)),
    filter.occurredTo === undefined
      ? undefined
      : lt(journalEntries.occurredAt, new Date(filter.occurredTo * 1000)),
    filter.search
      ? or(
          like(pets.searchText, containsPattern(filter.search)),
          sql`lower(${owners.firstName} || ' ' || ${owners.lastName}) like ${containsPattern(filter.search)}`,
        )
      : undefined,
  );
}

function orderOf(sort: Pick<JournalListQuery, 'sort' | 'order'>): SQL[] {
  if (sort.sort === 'inbox') {
    // New entries first, then seen, then resolved; the severe ones first; then the longest waiting.
    const rank = sql`case ${journalEntries.status} when 'new' then 0 when 'seen' then 1 else 2 end`;
    return [
      asc(rank),
      desc(journalEntries.severity),
      ...orderByWithTieBreak(journalEntries.occurredAt, 'asc', journalEntries.id),
    ];
  }
  if (sort.sort === 'severity')
    return [
      sort.order === 'asc' ? asc(journalEntries.severity) : desc(journalEntries.severity),
      ...orderByWithTieBreak(journalEntries.occurredAt, 'desc', journalEntries.id),
    ];
  return orderByWithTieBreak(journalEntries.occurredAt, sort.order, journalEntries.id);
}

export function listEntries(
  db: DbOrTx,
  filter: JournalFilter,
  sort: Pick<JournalListQuery, 'sort' | 'order'>,
  window: PageWindow,
): Promise<JournalEntryDetailsRow[]> {
  return selectEntries(db)
    .where(filterCondition(filter))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

function joinedForFilter(db: DbOrTx) {
  return db
    .select({ status: journalEntries.status, count: sql<number>`count(*)::int` })
    .from(journalEntries)
    .innerJoin(pets, eq(pets.id, journalEntries.petId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owners, eq(owners.id, families.ownerUserId))
    .$dynamic();
}

export async function countEntries(db: DbOrTx, filter: JournalFilter, bound: number): Promise<number> {
  return boundedCountOf(
    db,
    db
      .select({ one: sql`1` })
      .from(journalEntries)
      .innerJoin(pets, eq(pets.id, journalEntries.petId))
      .leftJoin(families, eq(families.id, pets.familyId))
      .leftJoin(owners, eq(owners.id, families.ownerUserId))
      .where(filterCondition(filter))
      .$dynamic(),
    bound,
  );
}

/** How many match the filters in each status, the status filter left out (the inbox's tabs). */
export async function countEntriesByStatus(db: DbOrTx, filter: JournalFilter) {
  const rows = await joinedForFilter(db).where(filterCondition(filter, false)).groupBy(journalEntries.status);
  const counts = { new: 0, seen: 0, resolved: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function findEntry(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectEntries(db)
    .where(and(eq(journalEntries.id, id), scope))
    .limit(1);
  return row;
}

/** Any entry with this id, whatever the scope: the owner app's retries are found by it. */
export async function findEntryById(db: DbOrTx, id: string): Promise<JournalEntryRow | undefined> {
  const [row] = await db.select().from(journalEntries).where(eq(journalEntries.id, id)).limit(1);
  return row;
}

export async function lockEntry(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<JournalEntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function lockEntries(tx: DbOrTx, ids: string[], scope: SQL | undefined) {
  return tx
    .select({ id: journalEntries.id, petId: journalEntries.petId, status: journalEntries.status })
    .from(journalEntries)
    .where(and(inArray(journalEntries.id, ids), scope))
    .orderBy(journalEntries.id)
    .for('update');
}

/** Inserts the entry unless one with its id exists (a concurrent retry): true when this call inserted it. */
export async function insertEntry(tx: DbOrTx, row: NewJournalEntryRow): Promise<boolean> {
  const inserted = await tx
    .insert(journalEntries)
    .values(row)
    .onConflictDoNothing({ target: journalEntries.id })
    .returning({ id: journalEntries.id });
  return inserted.length > 0;
}

export async function insertPhotos(tx: DbOrTx, entryId: string, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx
    .insert(journalEntryPhotos)
    .values(fileIds.map((fileId, position) => ({ entryId, position, fileId })));
}

export async function updateEntry(
  tx: DbOrTx,
  id: string,
  changes: Partial<NewJournalEntryRow>,
): Promise<void> {
  await tx.update(journalEntries).set(changes).where(eq(journalEntries.id, id));
}

export async function markEntriesSeen(tx: DbOrTx, ids: string[], vetId: string, at: Date) {
  if (ids.length === 0) return;
  await tx
    .update(journalEntries)
    .set({ status: 'seen', seenByVetId: vetId, seenAt: at })
    .where(and(inArray(journalEntries.id, ids), eq(journalEntries.status, 'new')));
}

/** An entry's replies, oldest first, with their authors and how each one's e-mail is doing. */
export function listReplies(db: DbOrTx, entryId: string) {
  return db
    .select({
      position: journalEntryReplies.position,
      reply: journalEntryReplies.reply,
      repliedAt: journalEntryReplies.repliedAt,
      repliedBy: { id: replier.id, firstName: replier.firstName, lastName: replier.lastName },
      mailStatus: emailOutbox.status,
    })
    .from(journalEntryReplies)
    .leftJoin(replier, eq(replier.id, journalEntryReplies.repliedByVetId))
    .leftJoin(emailOutbox, eq(emailOutbox.id, journalEntryReplies.emailId))
    .where(eq(journalEntryReplies.entryId, entryId))
    .orderBy(asc(journalEntryReplies.position));
}

export type JournalReplyRow = Awaited<ReturnType<typeof listReplies>>[number];

/**
 * Adds a reply at the end of the entry's thread and answers its position. Call it with the entry locked
 * (`lockEntry`): two replies at once then take positions one after the other.
 */
export async function appendReply(
  tx: DbOrTx,
  reply: { entryId: string; reply: string; repliedByVetId: string; repliedAt: Date; emailId: string },
): Promise<number> {
  const [row] = await tx
    .insert(journalEntryReplies)
    .values({
      ...reply,
      position: sql`(select coalesce(max(r.position) + 1, 0) from journal_entry_replies r where r.entry_id = ${reply.entryId})`,
    })
    .returning({ position: journalEntryReplies.position });
  return row?.position ?? 0;
}

/**
 * Marks seen, in one statement, at most `limit` new entries the filter matches (its status aside) and
 * answers them. The filter carries the access policy's scope, so nothing out of scope is touched.
 */
export function markMatchingSeen(
  tx: DbOrTx,
  filter: JournalFilter,
  vetId: string,
  at: Date,
  limit: number,
): Promise<Array<{ id: string; petId: string }>> {
  const matching = tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .innerJoin(pets, eq(pets.id, journalEntries.petId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owners, eq(owners.id, families.ownerUserId))
    .where(filterCondition({ ...filter, status: 'new' }))
    .orderBy(journalEntries.id)
    .limit(limit);
  return tx
    .update(journalEntries)
    .set({ status: 'seen', seenByVetId: vetId, seenAt: at })
    .where(and(inArray(journalEntries.id, matching), eq(journalEntries.status, 'new')))
    .returning({ id: journalEntries.id, petId: journalEntries.petId });
}

export function listPhotos(db: DbOrTx, entryId: string) {
  return db
    .select({
      id: files.id,
      contentType: files.contentType,
      size: files.size,
    })
    .from(journalEntryPhotos)
    .innerJoin(files, eq(files.id, journalEntryPhotos.fileId))
    .where(eq(journalEntryPhotos.entryId, entryId))
    .orderBy(journalEntryPhotos.position);
}

/** Entries of some pets that occurred in [start, end), oldest first. */
export function entriesOfPetsDuring(db: DbOrTx, petIds: readonly string[], start: Date, end: Date) {
  return db
    .select({
      id: journalEntries.id,
      petId: journalEntries.petId,
      category: journalEntries.category,
      severity: journalEntries.severity,
      occurredAt: journalEntries.occurredAt,
    })
    .from(journalEntries)
    .where(
      and(
        inArray(journalEntries.petId, [...petIds]),
        gte(journalEntries.occurredAt, start),
        lt(journalEntries.occurredAt, end),
      ),
    )
    .orderBy(asc(journalEntries.occurredAt), asc(journalEntries.id));
}

/** One pet's journal entries (by when they happened), for its timeline: one bounded page. */
export function journalTimelineRows(
  db: DbOrTx,
  read: TimelineRead,
  kind: 'journal.received' | 'journal.resolved',
) {
  const at = kind === 'journal.received' ? journalEntries.occurredAt : journalEntries.resolvedAt;
  return db
    .select({
      id: journalEntries.id,
      at: timelineAt(at),
      category: journalEntries.category,
      severity: journalEntries.severity,
    })
    .from(journalEntries)
    .where(timelineWhere(kind, at, journalEntries.id, read, eq(journalEntries.petId, read.petId)))
    .orderBy(...timelineOrder(at, journalEntries.id))
    .limit(read.limit);
}

/** One pet's replies to its journal entries, for its timeline: one bounded page. */
export function journalReplyTimelineRows(db: DbOrTx, read: TimelineRead) {
  // A reply is the entry's id and its place in the thread (padded, so the text sorts as the numbers do).
  const replyId = sql<string>`${journalEntryReplies.entryId}::text || '.' || lpad(${journalEntryReplies.position}::text, 6, '0')`;
  return db
    .select({
      id: replyId,
      entryId: journalEntryReplies.entryId,
      at: timelineAt(journalEntryReplies.repliedAt),
      category: journalEntries.category,
    })
    .from(journalEntryReplies)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryReplies.entryId))
    .where(
      timelineWhere(
        'journal.replied',
        journalEntryReplies.repliedAt,
        replyId,
        read,
        eq(journalEntries.petId, read.petId),
      ),
    )
    .orderBy(...timelineOrder(journalEntryReplies.repliedAt, replyId))
    .limit(read.limit);
}
