import {
  TIMELINE_KIND_SOURCES,
  type TimelineKind,
  type TimelineQuery,
  type TimelineResponse,
  type TimelineSource,
  timelineKinds,
  timelineSources,
} from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import { compareTimelineEvents, type TimelineEvent, type TimelineRead } from '../../../lib/timeline.ts';
import type { Actor } from '../../../policy/actor.ts';
import { findPetWithOwner, petsErrors } from '../../core/pets/index.ts';
import { listDailyStatusTimelineEvents } from '../../records/b2b/index.ts';
import { listCheckupTimelineEvents } from '../../records/checkups/index.ts';
import { listClinicalDocumentTimelineEvents } from '../../records/clinical-documents/index.ts';
import { listDietTimelineEvents } from '../../records/diets/index.ts';
import { listJournalTimelineEvents } from '../../records/journal/index.ts';
import { listMedicalRecordTimelineEvents } from '../../records/medical-records/index.ts';
import { listPendingCardTimelineEvents } from '../../records/pending-cards/index.ts';
import { listQuestionTimelineEvents } from '../../records/questions/index.ts';
import { listReminderTimelineEvents } from '../../records/reminders/index.ts';
import { listWeightTimelineEvents } from '../../records/trackers/index.ts';
import { timelineErrors } from './timeline.errors.ts';
import { decodeTimelineCursor, encodeTimelineCursor, toTimelineItemDto } from './timeline.mapper.ts';

type Reader = (deps: { db: Db }, read: TimelineRead) => Promise<TimelineEvent[]>;

/** Each module's public read of its events, and the kinds it gives: a module none of whose kinds is asked for is not asked. */
const READERS: Array<{ kinds: readonly TimelineKind[]; read: Reader }> = [
  { kinds: ['diet.published'], read: listDietTimelineEvents },
  { kinds: ['checkup.sent', 'checkup.answered', 'checkup.reviewed'], read: listCheckupTimelineEvents },
  { kinds: ['journal.received', 'journal.replied', 'journal.resolved'], read: listJournalTimelineEvents },
  { kinds: ['pending_card.raised', 'pending_card.resolved'], read: listPendingCardTimelineEvents },
  { kinds: ['weight.recorded'], read: listWeightTimelineEvents },
  { kinds: ['assessment.signed', 'report.signed'], read: listClinicalDocumentTimelineEvents },
  { kinds: ['medical_record.uploaded'], read: listMedicalRecordTimelineEvents },
  { kinds: ['reminder.done'], read: listReminderTimelineEvents },
  { kinds: ['daily_status.written'], read: listDailyStatusTimelineEvents },
  { kinds: ['question.asked', 'question.answered'], read: listQuestionTimelineEvents },
];

/**
 * Every event about a pet (or those of a range: `from`, `to`), newest first, one page at a time. Each module reads at most `limit + 1`
 * of its events after the cursor (the cursor and the limit are in its query), and the pages are merged
 * here: a page costs the same whatever the length of the pet's history.
 */
export async function getPetTimeline(
  deps: { db: Db },
  actor: Actor,
  petId: string,
  query: TimelineQuery,
): Promise<TimelineResponse> {
  const before = query.cursor === undefined ? null : decodeTimelineCursor(query.cursor);
  if (query.cursor !== undefined && !before) throw timelineErrors.invalidCursor();
  const pet = await findPetWithOwner(deps.db, actor, petId);
  if (!pet) throw petsErrors.notFound();

  const sources = new Set<TimelineSource>(query.source?.length ? query.source : timelineSources);
  const asked = new Set<TimelineKind>(query.kind?.length ? query.kind : timelineKinds);
  const kinds = new Set(
    timelineKinds.filter(
      (kind) => asked.has(kind) && TIMELINE_KIND_SOURCES[kind].some((s) => sources.has(s)),
    ),
  );
  const read: TimelineRead = {
    petId,
    before,
    limit: query.limit + 1,
    kinds,
    sources,
    from: query.from === undefined ? undefined : new Date(query.from * 1000),
    to: query.to === undefined ? undefined : new Date(query.to * 1000),
  };
  const pages = await Promise.all(
    READERS.filter((reader) => reader.kinds.some((kind) => kinds.has(kind))).map((reader) =>
      reader.read(deps, read),
    ),
  );
  const events = pages.flat().sort(compareTimelineEvents);
  const page = events.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toTimelineItemDto),
    nextCursor: events.length > query.limit && last ? encodeTimelineCursor(last) : null,
  };
}
