import { type TimelineItem, timelineKindSchema, toTimestamp } from '@vetboard/contract';
import { z } from 'zod';
import type { TimelineEvent, TimelinePosition } from '../../../lib/timeline.ts';

export function toTimelineItemDto(event: TimelineEvent): TimelineItem {
  return {
    id: `${event.kind}:${event.id}`,
    at: toTimestamp(new Date(event.at)),
    source: event.source,
    kind: event.kind,
    title: event.title,
    link: event.link,
  };
}

const positionSchema = z.strictObject({
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  kind: timelineKindSchema,
  id: z.string().regex(/^[0-9a-f.-]{1,60}$/),
});

/** The last item's place, opaque to clients (base64url JSON), so its shape may change without a new API. */
export function encodeTimelineCursor(position: TimelinePosition): string {
  const { at, kind, id } = position;
  return Buffer.from(JSON.stringify({ at, kind, id })).toString('base64url');
}

/** The position a cursor names, or null for anything this API did not write. */
export function decodeTimelineCursor(cursor: string): TimelinePosition | null {
  try {
    const parsed = positionSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
