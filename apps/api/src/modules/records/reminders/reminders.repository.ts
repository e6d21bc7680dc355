import type { ReminderListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, gte, isNull, like, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { families, pendingCards, pets, users, vets } from '../../../db/schema.ts';
import {
  boundedCountOf,
  containsPattern,
  orderByWithTieBreak,
  type PageWindow,
} from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import { type NewReminderRow, type ReminderRow, reminderDigests, reminders } from './reminders.table.ts';

const owners = alias(users, 'owner');
const assignee = alias(vets, 'assignee');
const creator = alias(vets, 'creator');
const doer = alias(vets, 'doer');

function selectReminders(db: DbOrTx) {
  return db
    .select({
      reminder: reminders,
      pet: { id: pets.id, name: pets.name },
      owner: { firstName: owners.firstName, lastName: owners.lastName },
      assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
      createdBy: { id: creator.id, firstName: creator.firstName, lastName: creator.lastName },
      doneBy: { id: doer.id, firstName: doer.firstName, lastName: doer.lastName },
    })
    .from(reminders)
    .innerJoin(pets, eq(pets.id, reminders.petId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owners, eq(owners.id, families.ownerUserId))
    .leftJoin(assignee, eq(assignee.id, reminders.assigneeVetId))
    .leftJoin(creator, eq(creator.id, reminders.createdByVetId))
    .leftJoin(doer, eq(doer.id, reminders.doneByVetId))
    .$dynamic();
}

export type ReminderDetailsRow = Awaited<ReturnType<typeof selectReminders>>[number];

/** `scope` is the access policy's condition on the reminder's pet; `vetId` is whose "mine" it is. */
export type ReminderFilter = Omit<ReminderListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  scope: SQL | undefined;
  vetId: string | null;
};

function filterCondition(filter: ReminderFilter): SQL | undefined {
  return and(
    filter.scope,
    filter.status ? eq(reminders.status, filter.status) : undefined,
    filter.assignment === 'mine'
      ? filter.vetId
        ? eq(reminders.assigneeVetId, filter.vetId)
        : sql`false`
      : undefined,
    filter.assignment === 'unassigned' ? isNull(reminders.assigneeVetId) : undefined,
    filter.assigneeUuid ? eq(reminders.assigneeVetId, filter.assigneeUuid) : undefined,
    filter.petUuid ? eq(reminders.petId, filter.petUuid) : undefined,
    filter.pendingCardUuid ? eq(reminders.pendingCardId, filter.pendingCardUuid) : undefined,
    filter.dueFrom === undefined ? undefined : gte(reminders.dueAt, new Date(filter.dueFrom * 1000)),
    filter.dueTo === undefined ? undefined : lt(reminders.dueAt, new Date(filter.dueTo * 1000)),
    filter.search
      ? or(
          like(pets.searchText, containsPattern(filter.search)),
          sql`lower(${owners.firstName} || ' ' || ${owners.lastName}) like ${containsPattern(filter.search)}`,
          sql`lower(${reminders.title}) like ${containsPattern(filter.search)}`,
        )
      : undefined,
  );
}

function orderOf(sort: Pick<ReminderListQuery, 'sort' | 'order'>): SQL[] {
  if (sort.sort === 'inbox') {
    // Open first, by due time: the overdue come before those due today, which come before later ones.
    // Done ones after, the most recently done first.
    const rank = sql`case ${reminders.status} when 'open' then 0 else 1 end`;
    return [
      asc(rank),
      sql`case when ${reminders.status} = 'open' then ${reminders.dueAt} end asc`,
      desc(reminders.doneAt),
      asc(reminders.id),
    ];
  }
  if (sort.sort === 'createdAt') return orderByWithTieBreak(reminders.createdAt, sort.order, reminders.id);
  return orderByWithTieBreak(reminders.dueAt, sort.order, reminders.id);
}

export function listReminders(
  db: DbOrTx,
  filter: ReminderFilter,
  sort: Pick<ReminderListQuery, 'sort' | 'order'>,
  window: PageWindow,
): Promise<ReminderDetailsRow[]> {
  return selectReminders(db)
    .where(filterCondition(filter))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countReminders(db: DbOrTx, filter: ReminderFilter, bound: number): Promise<number> {
  return boundedCountOf(
    db,
    db
      .select({ one: sql`1` })
      .from(reminders)
      .innerJoin(pets, eq(pets.id, reminders.petId))
      .leftJoin(families, eq(families.id, pets.familyId))
      .leftJoin(owners, eq(owners.id, families.ownerUserId))
      .where(filterCondition(filter))
      .$dynamic(),
    bound,
  );
}

export async function findReminder(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectReminders(db)
    .where(and(eq(reminders.id, id), scope))
    .limit(1);
  return row;
}

export async function lockReminder(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<ReminderRow | undefined> {
  const [row] = await tx
    .select()
    .from(reminders)
    .where(and(eq(reminders.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function insertReminder(tx: DbOrTx, row: NewReminderRow): Promise<void> {
  await tx.insert(reminders).values(row);
}

export async function updateReminder(tx: DbOrTx, id: string, changes: Partial<NewReminderRow>) {
  await tx.update(reminders).set(changes).where(eq(reminders.id, id));
}

/** The pet a pending card is about, or nothing for an unknown card. */
export async function findCardPetId(db: DbOrTx, cardId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ petId: pendingCards.petId })
    .from(pendingCards)
    .where(eq(pendingCards.id, cardId))
    .limit(1);
  return row?.petId;
}

export async function findVet(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: vets.id, kind: vets.kind, companySku: vets.companySku, disabled: vets.disabled })
    .from(vets)
    .where(eq(vets.id, id))
    .limit(1);
  return row;
}

/** The enabled vets with open reminders due in [from, to): who may get a digest. */
export function listDigestRecipients(db: DbOrTx, from: Date, to: Date) {
  return db
    .selectDistinct({
      id: vets.id,
      email: vets.email,
      firstName: vets.firstName,
      kind: vets.kind,
      companySku: vets.companySku,
    })
    .from(reminders)
    .innerJoin(vets, eq(vets.id, reminders.assigneeVetId))
    .where(
      and(
        eq(reminders.status, 'open'),
        gte(reminders.dueAt, from),
        lt(reminders.dueAt, to),
        eq(vets.disabled, false),
      ),
    )
    .orderBy(asc(vets.id));
}

/**
 * One vet's open reminders due in [from, to), by due time, within `scope` (the access policy's
 * condition for that vet): the digest's table.
 */
export function listDueOfAssignee(db: DbOrTx, vetId: string, from: Date, to: Date, scope: SQL | undefined) {
  return db
    .select({ title: reminders.title, dueAt: reminders.dueAt, petId: reminders.petId, petName: pets.name })
    .from(reminders)
    .innerJoin(pets, eq(pets.id, reminders.petId))
    .where(
      and(
        eq(reminders.assigneeVetId, vetId),
        eq(reminders.status, 'open'),
        gte(reminders.dueAt, from),
        lt(reminders.dueAt, to),
        scope,
      ),
    )
    .orderBy(asc(reminders.dueAt), asc(reminders.id));
}

/** How many of one vet's open reminders within `scope` were due before `before`. */
export async function countOverdueOfAssignee(
  db: DbOrTx,
  vetId: string,
  before: Date,
  scope: SQL | undefined,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reminders)
    .where(
      and(
        eq(reminders.assigneeVetId, vetId),
        eq(reminders.status, 'open'),
        lt(reminders.dueAt, before),
        scope,
      ),
    );
  return row?.count ?? 0;
}

/** Locks a vet's open reminders outside `scope` (what they may still see): those to release. */
export function lockAssignedOutsideScope(tx: DbOrTx, vetId: string, scope: SQL): Promise<ReminderRow[]> {
  return tx
    .select()
    .from(reminders)
    .where(and(eq(reminders.assigneeVetId, vetId), eq(reminders.status, 'open'), not(scope)))
    .orderBy(asc(reminders.id))
    .for('update');
}

/** Claims the vet's digest of the day: true for the one caller that gets to send it. */
export async function claimDigest(tx: DbOrTx, vetId: string, day: string, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(reminderDigests)
    .values({ vetId, day, sentAt: at })
    .onConflictDoNothing()
    .returning({ vetId: reminderDigests.vetId });
  return inserted.length > 0;
}

export async function setDigestEmail(tx: DbOrTx, vetId: string, day: string, emailId: string) {
  await tx
    .update(reminderDigests)
    .set({ emailId })
    .where(and(eq(reminderDigests.vetId, vetId), eq(reminderDigests.day, day)));
}

/** One pet's reminders done (by when), for its timeline: one bounded page. */
export function doneReminderTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({ id: reminders.id, at: timelineAt(reminders.doneAt), title: reminders.title })
    .from(reminders)
    .where(
      timelineWhere(
        'reminder.done',
        reminders.doneAt,
        reminders.id,
        read,
        eq(reminders.petId, read.petId),
        eq(reminders.status, 'done'),
      ),
    )
    .orderBy(...timelineOrder(reminders.doneAt, reminders.id))
    .limit(read.limit);
}
