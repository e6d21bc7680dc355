import {
  fullName,
  JOURNAL_MARK_MATCHING_MAX,
  type JournalEntry,
  type JournalEntryDetailResponse,
  type JournalEntryIngest,
  type JournalListQuery,
  type JournalListResponse,
  type JournalMarkMatchingSeen,
  type JournalMarkSeen,
  type JournalReply,
  toTimestamp,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import type { Now } from '../../../lib/clock.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { vetName } from '../../core/vets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { fileUrl } from '../../platform/files/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { getCurrentDietPlan } from '../diets/index.ts';
import { pendingCardsOfItems, resolveTriggersOfItem } from '../pending-cards/index.ts';
import { withAlertsOfPet, withPetAlerts } from '../pet-alerts/index.ts';
import { getLatestTrackers } from '../trackers/index.ts';
import { journalErrors } from './journal.errors.ts';
import { journalLifecycle } from './journal.lifecycle.ts';
import { toJournalEntryDto, toJournalEntrySummaryDto } from './journal.mapper.ts';
import {
  appendReply,
  countEntries,
  countEntriesByStatus,
  entriesOfPetsDuring,
  findEntry,
  type JournalFilter,
  journalReplyTimelineRows,
  journalTimelineRows,
  listEntries,
  listPhotos,
  listReplies,
  lockEntries,
  lockEntry,
  markEntriesSeen,
  markMatchingSeen,
  updateEntry,
} from './journal.repository.ts';
import { type JournalEntryRow, journalEntries } from './journal.table.ts';

export interface JournalDeps {
  db: Db;
  now: Now;
}

export interface JournalReplyDeps extends JournalDeps {
  mailer: Pick<Mailer, 'enqueue'>;
}

/** Out of the actor's scope, an entry is as unknown as a missing one. */
const journalScope = (actor: Actor) => petCondition(actor, journalEntries.petId);

export const JOURNAL_CATEGORY_LABELS: Record<JournalEntryIngest['category'], string> = {
  vomiting: 'Vomiting',
  diarrhoea: 'Diarrhoea',
  coughing: 'Coughing',
  itching: 'Itching',
  lethargy: 'Lethargy',
  appetite: 'Appetite',
  breathing: 'Breathing',
  other: 'Other',
};

export async function listJournalPage(
  deps: Pick<JournalDeps, 'db'>,
  actor: Actor,
  query: JournalListQuery,
): Promise<JournalListResponse> {
  const { page, pageSize, sort, order, ...filters } = query;
  const filter: JournalFilter = { ...filters, scope: journalScope(actor) };
  const [{ rows, pagination }, counts] = await Promise.all([
    listPage(query, {
      rows: (window) => listEntries(deps.db, filter, { sort, order }, window),
      count: (bound) => countEntries(deps.db, filter, bound),
    }),
    countEntriesByStatus(deps.db, filter),
  ]);
  return {
    journalEntries: await withPetAlerts(deps.db, rows.map(toJournalEntrySummaryDto)),
    pagination,
    counts,
  };
}

export async function entryDto(db: DbOrTx, actor: Actor, id: string): Promise<JournalEntry> {
  const row = await findEntry(db, id, journalScope(actor));
  if (!row) throw journalErrors.notFound();
  const [photos, replies, cards] = await readTogether(db, [
    () => listPhotos(db, id),
    () => listReplies(db, id),
    () => pendingCardsOfItems(db, 'journal_entry', [id]),
  ] as const);
  return withAlertsOfPet<JournalEntry>(
    db,
    toJournalEntryDto(row, photos, replies, cards.get(id) ?? [], fileUrl),
  );
}

const RECENT_DAYS = 30;

/**
 * One entry and, beside it, what a vet reads before answering: the pet's latest vitals, its current
 * diet plan and its other entries of the last weeks (each from its own module).
 */
export async function getJournalEntryDetail(
  deps: JournalDeps,
  actor: Actor,
  id: string,
): Promise<JournalEntryDetailResponse> {
  const journalEntry = await entryDto(deps.db, actor, id);
  const petId = journalEntry.pet.uuid;
  const since = Math.floor(deps.now().getTime() / 1000) - RECENT_DAYS * 86_400;
  const [latestTrackers, { dietPlan }, recent] = await Promise.all([
    getLatestTrackers({ ...deps, actor }, petId),
    getCurrentDietPlan(deps, actor, petId),
    listEntries(
      deps.db,
      { petUuid: petId, occurredFrom: since, excludeId: id, search: undefined, scope: journalScope(actor) },
      { sort: 'occurredAt', order: 'desc' },
      { offset: 0, limit: 10 },
    ),
  ]);
  return {
    journalEntry,
    context: {
      latestTrackers,
      dietPlan,
      recentEntries: recent.map((entry) => ({ ...toJournalEntrySummaryDto(entry), pet: journalEntry.pet })),
    },
  };
}

async function changed(tx: DbOrTx, row: Pick<JournalEntryRow, 'id' | 'petId'>, actor: Actor) {
  await recordPetEvent(tx, row.petId, {
    type: 'journal.changed',
    entity: 'journal_entry',
    id: row.id,
    actor: eventActorOf(actor),
  });
}

/** Marks a new entry seen by the vet; a seen one stays as it was. */
export async function markJournalEntrySeen(
  deps: JournalDeps,
  actor: VetActor,
  id: string,
): Promise<{ journalEntry: JournalEntry }> {
  await deps.db.transaction(async (tx) => {
    const { row } = await journalLifecycle.lockFor(
      () => lockEntry(tx, id, journalScope(actor)),
      journalErrors.notFound,
      'see',
    );
    if (row.status !== 'new') return;
    const at = deps.now();
    await markEntriesSeen(tx, [id], actor.vetId, at);
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'journal.see',
      entity: 'journal_entry',
      entityId: id,
      changes: { before: { status: row.status }, after: { status: 'seen', seenAt: at.toISOString() } },
    });
  });
  return { journalEntry: await entryDto(deps.db, actor, id) };
}

/** What marking entries seen leaves behind: each entry's live event and audit record, as one by one. */
async function recordSeen(
  tx: DbOrTx,
  rows: ReadonlyArray<Pick<JournalEntryRow, 'id' | 'petId'>>,
  actor: VetActor,
  at: Date,
) {
  for (const row of rows) {
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'journal.see',
      entity: 'journal_entry',
      entityId: row.id,
      changes: { before: { status: 'new' }, after: { status: 'seen', seenAt: at.toISOString() } },
    });
  }
}

/**
 * Marks several entries seen at once (the inbox's selection). Every id must be one the vet may see,
 * else nothing changes (404); entries already seen or resolved are left as they are.
 */
export async function markJournalEntriesSeen(
  deps: JournalDeps,
  actor: VetActor,
  input: JournalMarkSeen,
): Promise<{ marked: number }> {
  const ids = [...new Set(input.entryUuids)];
  return deps.db.transaction(async (tx) => {
    const rows = await lockEntries(tx, ids, journalScope(actor));
    if (rows.length !== ids.length) throw journalErrors.notFound();
    const fresh = rows.filter((row) => row.status === 'new');
    const at = deps.now();
    await markEntriesSeen(
      tx,
      fresh.map((row) => row.id),
      actor.vetId,
      at,
    );
    await recordSeen(tx, fresh, actor, at);
    return { marked: fresh.length };
  });
}

/**
 * Marks seen every new entry the inbox's filters match, beyond the page on screen: one update under the
 * vet's scope. More than `JOURNAL_MARK_MATCHING_MAX` matching is refused whole (409), so a click never
 * clears months of backlog nobody read; the vet narrows the filters instead.
 */
export async function markMatchingJournalEntriesSeen(
  deps: JournalDeps,
  actor: VetActor,
  input: JournalMarkMatchingSeen,
): Promise<{ marked: number }> {
  const filter: JournalFilter = { ...input, status: 'new', scope: journalScope(actor) };
  return deps.db.transaction(async (tx) => {
    // A pet out of scope is not found, as everywhere, rather than a quiet "nothing matched".
    if (input.petUuid && !(await findPetWithOwner(tx, actor, input.petUuid))) throw journalErrors.notFound();
    if ((await countEntries(tx, filter, JOURNAL_MARK_MATCHING_MAX + 1)) > JOURNAL_MARK_MATCHING_MAX)
      throw journalErrors.tooManyToMark();
    const at = deps.now();
    const marked = await markMatchingSeen(tx, filter, actor.vetId, at, JOURNAL_MARK_MATCHING_MAX);
    await recordSeen(tx, marked, actor, at);
    return { marked: marked.length };
  });
}

/**
 * A vet's reply to the owner: added to the entry's thread and queued to the owner as an e-mail in the
 * same transaction (the mail exists exactly when the reply does). Replying marks a new entry seen and
 * resolves the pending-card trigger the entry raised (its card too when nothing else is open on it); a
 * second reply follows the first, which stays as it was sent.
 */
export async function replyToJournalEntry(
  deps: JournalReplyDeps,
  actor: VetActor,
  id: string,
  input: JournalReply,
): Promise<{ journalEntry: JournalEntry }> {
  await deps.db.transaction(async (tx) => {
    const { row, next: status } = await journalLifecycle.lockFor(
      () => lockEntry(tx, id, journalScope(actor)),
      journalErrors.notFound,
      'reply',
    );
    const details = await findEntry(tx, id, undefined);
    if (!details?.owner?.email) throw journalErrors.ownerHasNoEmail();
    const at = deps.now();
    const vet = await vetName(tx, actor.vetId);
    const category = JOURNAL_CATEGORY_LABELS[row.category].toLowerCase();
    const emailId = await deps.mailer.enqueue(tx, {
      to: details.owner.email,
      subject: `${vet ? fullName(vet) : 'Your vet'} replied about ${details.pet.name}`,
      createdByVetId: actor.vetId,
      content: {
        greeting: `Hello ${details.owner.firstName ?? ''},`.replace(' ,', ','),
        paragraphs: [
          `${vet ? fullName(vet) : 'Your vet'} read the ${category} entry you wrote about ${details.pet.name} and replied:`,
          ...input.reply.split(/\n\s*\n/).map((paragraph) => paragraph.trim()),
        ],
        footer: ['You can answer from the journal in the app.'],
      },
    });
    const position = await appendReply(tx, {
      entryId: id,
      reply: input.reply,
      repliedByVetId: actor.vetId,
      repliedAt: at,
      emailId,
    });
    await updateEntry(tx, id, {
      status,
      ...(row.status === 'new' ? { seenByVetId: actor.vetId, seenAt: at } : {}),
    });
    // The reply is the case's handling: the card a severe entry raised closes with it.
    await resolveTriggersOfItem(tx, actor, { entity: 'journal_entry', id }, input.reply, at);
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'journal.reply',
      entity: 'journal_entry',
      entityId: id,
      changes: {
        before: { status: row.status, replies: position },
        after: { status, replies: position + 1, reply: { position, text: input.reply, emailId } },
      },
    });
  });
  return { journalEntry: await entryDto(deps.db, actor, id) };
}

/** Nothing more to do about the entry: resolved, and no longer changed. */
export async function resolveJournalEntry(
  deps: JournalDeps,
  actor: VetActor,
  id: string,
): Promise<{ journalEntry: JournalEntry }> {
  await deps.db.transaction(async (tx) => {
    const { row, next: status } = await journalLifecycle.lockFor(
      () => lockEntry(tx, id, journalScope(actor)),
      journalErrors.notFound,
      'resolve',
    );
    const at = deps.now();
    await updateEntry(tx, id, {
      status,
      resolvedByVetId: actor.vetId,
      resolvedAt: at,
      ...(row.status === 'new' ? { seenByVetId: actor.vetId, seenAt: at } : {}),
    });
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'journal.resolve',
      entity: 'journal_entry',
      entityId: id,
      changes: { before: { status: row.status }, after: { status, resolvedAt: at.toISOString() } },
    });
  });
  return { journalEntry: await entryDto(deps.db, actor, id) };
}

export interface WeekJournalEntry {
  uuid: string;
  category: JournalEntry['category'];
  severity: number;
  occurredAt: { seconds: number };
}

/** Each pet's entries that occurred in [start, end): what a weekly report counts and lists. */
export async function journalEntriesOfPetsDuring(
  db: DbOrTx,
  petIds: readonly string[],
  start: Date,
  end: Date,
): Promise<Map<string, WeekJournalEntry[]>> {
  const byPet = new Map<string, WeekJournalEntry[]>();
  if (petIds.length === 0) return byPet;
  for (const row of await entriesOfPetsDuring(db, petIds, start, end)) {
    const list = byPet.get(row.petId) ?? [];
    list.push({
      uuid: row.id,
      category: row.category,
      severity: row.severity,
      occurredAt: toTimestamp(row.occurredAt),
    });
    byPet.set(row.petId, list);
  }
  return byPet;
}

function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** A pet's journal entries received, replied to and resolved, for its timeline (each kind one bounded read). */
export async function listJournalTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const [received, replied, resolved] = await Promise.all([
    read.kinds.has('journal.received') ? journalTimelineRows(deps.db, read, 'journal.received') : [],
    read.kinds.has('journal.replied') ? journalReplyTimelineRows(deps.db, read) : [],
    read.kinds.has('journal.resolved') ? journalTimelineRows(deps.db, read, 'journal.resolved') : [],
  ]);
  return [
    ...received.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'journal.received',
        source: 'owner_app',
        title: `Journal entry: ${categoryLabel(row.category)}, severity ${row.severity}`,
        link: `/journal/${row.id}`,
      }),
    ),
    ...replied.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'journal.replied',
        source: 'vet',
        title: `Vet replied to the owner about a journal entry (${categoryLabel(row.category)})`,
        link: `/journal/${row.entryId}`,
      }),
    ),
    ...resolved.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'journal.resolved',
        source: 'vet',
        title: `Journal entry resolved (${categoryLabel(row.category)})`,
        link: `/journal/${row.id}`,
      }),
    ),
  ];
}
