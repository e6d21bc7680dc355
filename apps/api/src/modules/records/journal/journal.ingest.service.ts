import {
  JOURNAL_MAX_PHOTOS,
  JOURNAL_PHOTO_MAX_BYTES,
  type JournalEntry,
  type JournalEntryIngest,
  journalEntryIngestSchema,
  timestampToDate,
} from '@vetboard/contract';
import type { IntegrationActor } from '../../../policy/actor.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { IMAGE_TYPES, readUpload, storeContent } from '../../platform/files/index.ts';
import { journalErrors } from './journal.errors.ts';
import { findEntryById, insertEntry, insertPhotos } from './journal.repository.ts';
import { entryDto, type JournalDeps } from './journal.service.ts';
import type { JournalEntryRow } from './journal.table.ts';

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
