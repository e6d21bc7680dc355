import {
  fullName,
  JOURNAL_MARK_MATCHING_MAX,
  JOURNAL_MAX_PHOTOS,
  JOURNAL_PHOTO_MAX_BYTES,
  type JournalEntry,
  type JournalEntryDetailResponse,
  type JournalEntryIngest,
  type JournalListQuery,
  type JournalListResponse,
  type JournalMarkMatchingSeen,
  type JournalMarkSeen,
  type JournalReply,
  journalEntryIngestSchema,
  timestampToDate,
  toTimestamp,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import type { Actor, IntegrationActor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { fileUrl, IMAGE_TYPES, readUpload, storeContent } from '../../platform/files/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { getCurrentDietPlan } from '../diets/index.ts';
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
  findEntryById,
  insertEntry,
  insertPhotos,
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
  vetName,
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
  return { journalEntries: rows.map(toJournalEntrySummaryDto), pagination, counts };
}

async function entryDto(db: DbOrTx, actor: Actor, id: string): Promise<JournalEntry> {
  const row = await findEntry(db, id, journalScope(actor));
  if (!row) throw journalErrors.notFound();
  const [photos, replies] = await Promise.all([listPhotos(db, id), listReplies(db, id)]);
  return toJournalEntryDto(row, photos, replies, fileUrl);
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
    context: { latestTrackers, dietPlan, recentEntries: recent.map(toJournalEntrySummaryDto) },
  };
}

/** A part of the owner app's multipart request, as @fastify/multipart gives it. */
export type IngestPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      file: AsyncIterable<Buffer> & { truncated?: boolean; destroy?: () => void };
    };

async function drain(parts: AsyncIterator<IngestPart>): Promise<void> {
  for (;;) {
    const next = await parts.next();
    if (next.done) return;
    if (next.value.type === 'file') for await (const _ of next.value.file);
  }
}

function parseEntry(value: unknown): JournalEntryIngest {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw journalErrors.invalidEntry([{ path: 'entry', message: 'The entry is not valid JSON' }]);
  }
  const parsed = journalEntryIngestSchema.safeParse(json);
  if (!parsed.success)
    throw journalErrors.invalidEntry(
      parsed.error.issues.map((issue) => ({
        path: ['entry', ...issue.path].join('.'),
        message: issue.message,
      })),
    );
  return parsed.data;
}

const sameEntry = (row: JournalEntryRow, entry: JournalEntryIngest) =>
  row.petId === entry.petUuid &&
  row.category === entry.category &&
  row.severity === entry.severity &&
  row.notes === entry.notes &&
  row.occurredAt.getTime() === timestampToDate(entry.occurredAt).getTime();

/**
 * An entry from the owner app: the `entry` JSON part first, then up to six photos. Every photo is read
 * and checked (size, then its bytes say PNG, JPEG or WebP) before anything is stored, so a refused
 * request leaves nothing behind. The same entry sent again answers the stored one (`created: false`);
 * the same uuid with different content is a 409.
 */
export async function ingestJournalEntry(
  deps: JournalDeps,
  actor: IntegrationActor,
  parts: AsyncIterable<IngestPart>,
): Promise<{ created: boolean; journalEntry: JournalEntry }> {
  const iterator = parts[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || first.value.type !== 'field' || first.value.fieldname !== 'entry') {
    if (!first.done && first.value.type === 'file') for await (const _ of first.value.file);
    await drain(iterator);
    throw journalErrors.entryMissing();
  }
  const entry = parseEntry(first.value.value);

  const existing = await findEntryById(deps.db, entry.uuid);
  if (existing) {
    await drain(iterator);
    if (!sameEntry(existing, entry)) throw journalErrors.idConflict();
    return { created: false, journalEntry: await entryDto(deps.db, actor, entry.uuid) };
  }

  const photos: Array<Awaited<ReturnType<typeof readUpload>>> = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const part = next.value;
    if (part.type !== 'file') continue;
    if (photos.length >= JOURNAL_MAX_PHOTOS) throw journalErrors.tooManyPhotos();
    photos.push(
      await readUpload(part.file, {
        maxBytes: JOURNAL_PHOTO_MAX_BYTES,
        allowedTypes: IMAGE_TYPES,
        refuse: {
          tooLarge: journalErrors.photoTooLarge,
          unsupportedType: journalErrors.photoUnsupportedType,
        },
      }),
    );
  }

  const created = await deps.db.transaction(async (tx) => {
    const pet = await findPetWithOwner(tx, actor, entry.petUuid, { lock: true });
    if (!pet) throw journalErrors.petNotFound();
    const inserted = await insertEntry(tx, {
      id: entry.uuid,
      petId: entry.petUuid,
      category: entry.category,
      severity: entry.severity,
      notes: entry.notes,
      occurredAt: timestampToDate(entry.occurredAt),
      receivedAt: deps.now(),
      receivedFromIntegrationId: actor.integrationId,
    });
    // A concurrent retry inserted it first: that request stores the photos and records the events.
    if (!inserted) return false;
    const fileIds: string[] = [];
    for (const [index, photo] of photos.entries()) {
      const stored = await storeContent({ db: tx }, actor, {
        purpose: 'journal_photo',
        content: photo.content,
        contentType: photo.contentType,
        basename: `journal-${entry.uuid}-${index + 1}`,
        petId: entry.petUuid,
      });
      fileIds.push(stored.id);
    }
    await insertPhotos(tx, entry.uuid, fileIds);
    const event = { entity: 'journal_entry', id: entry.uuid, actor: eventActorOf(actor) };
    await recordPetEvent(tx, entry.petUuid, { ...event, type: 'journal.received' });
    // The signal the triage inbox listens for, so it reads no entry to know.
    if (entry.severity === 3) await recordPetEvent(tx, entry.petUuid, { ...event, type: 'journal.severe' });
    await recordAudit(tx, actor, {
      action: 'journal.receive',
      entity: 'journal_entry',
      entityId: entry.uuid,
      changes: {
        after: {
          petUuid: entry.petUuid,
          category: entry.category,
          severity: entry.severity,
          notes: entry.notes,
          occurredAt: timestampToDate(entry.occurredAt).toISOString(),
          photoFileIds: fileIds,
        },
      },
    });
    return true;
  });
  if (!created) {
    const stored = await findEntryById(deps.db, entry.uuid);
    if (stored && !sameEntry(stored, entry)) throw journalErrors.idConflict();
  }
  return { created, journalEntry: await entryDto(deps.db, actor, entry.uuid) };
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
 * same transaction (the mail exists exactly when the reply does). Replying marks a new entry seen; a
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
