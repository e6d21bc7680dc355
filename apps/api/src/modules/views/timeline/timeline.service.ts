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
import { compareTimelineEvents, type TimelineRead } from '../../../lib/timeline.ts';
import type { Actor } from '../../../policy/actor.ts';
import { findPetWithOwner, petsErrors } from '../../core/pets/index.ts';
import type { TimelineSourceEntry } from '../../manifest.ts';
import { timelineErrors } from './timeline.errors.ts';
import { decodeTimelineCursor, encodeTimelineCursor, toTimelineItemDto } from './timeline.mapper.ts';

/**
 * The timeline's deps carry its readers: each record's public read of its events and the kinds it
 * gives, handed over from the records' manifests (modules/registry.ts), so this view imports no record.
 */
export interface TimelineDeps {
  db: Db;
  readers: readonly TimelineSourceEntry[];
}

/**
 * Every event about a pet (or those of a range: `from`, `to`), newest first, one page at a time. Each module reads at most `limit + 1`
 * of its events after the cursor (the cursor and the limit are in its query), and the pages are merged
 * here: a page costs the same whatever the length of the pet's history. A source none of whose kinds
 * is asked for is not asked.
 */
export async function getPetTimeline(
  deps: TimelineDeps,
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
    deps.readers
      .filter((source) => source.kinds.some((kind) => kinds.has(kind)))
      .map((source) => source.read(deps, read)),
  );
  const events = pages.flat().sort(compareTimelineEvents);
  const page = events.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toTimelineItemDto),
    nextCursor: events.length > query.limit && last ? encodeTimelineCursor(last) : null,
  };
}
