import type { BucketSize, ChartBucket, TimelineItem, TimelineKind } from '@vetboard/contract';

/** The events lane's first row, above the plot (in the layout's top padding), and the rows' spacing. */
export const MARKER_LANE = 9;
export const MARKER_ROW = 11;
/**
 * Three rows: a weight a vet enters and the card it raises share their instant, and an owner's journal
 * entry is often in the same hour; with two rows the card was drawn over the weight and hid it.
 */
export const MARKER_ROWS = 3;

/** How a marker is drawn: a flag on a line across the plot (a diet), or a shape on the lane above it. */
/** Chart.js point styles (`star` is an asterisk, `crossRot` an ×), and our own `flag`. */
export type MarkerShape = 'flag' | 'circle' | 'triangle' | 'rect' | 'rectRot' | 'star' | 'crossRot';

export interface MarkerGroup {
  key: string;
  /** The legend's words for the group. */
  label: string;
  shape: MarkerShape;
  /** At least 3:1 on white (WCAG 1.4.11), and apart from the tracker lines' own colours. */
  color: string;
  kinds: readonly TimelineKind[];
}

/**
 * The timeline's kinds in the few groups a chart tells apart by shape and colour: what changes a
 * vital (a new diet) gets a flag across the plot; the rest a shape in the lane above it.
 */
export const MARKER_GROUPS: readonly MarkerGroup[] = [
  {
    key: 'diet',
    label: 'Diet published or changed',
    shape: 'flag',
    color: '#6741d9',
    kinds: ['diet.published'],
  },
  {
    key: 'checkup',
    label: 'Checkup sent, answered or reviewed',
    shape: 'circle',
    color: '#1864ab',
    kinds: ['checkup.sent', 'checkup.answered', 'checkup.reviewed'],
  },
  {
    key: 'journal',
    label: 'Journal entry',
    shape: 'rect',
    color: '#c2410c',
    kinds: ['journal.received', 'journal.replied', 'journal.resolved'],
  },
  {
    key: 'pending_card',
    label: 'Pending card raised or resolved',
    shape: 'triangle',
    color: '#c92a2a',
    kinds: ['pending_card.raised', 'pending_card.resolved'],
  },
  {
    key: 'weight',
    label: 'Weight entered by a vet',
    shape: 'rectRot',
    color: '#2b8a3e',
    kinds: ['weight.recorded'],
  },
  {
    key: 'clinical',
    label: 'Assessment, report, record, prescription or vaccine',
    shape: 'star',
    color: '#a61e4d',
    // Every shape is taken: a prescription is clinical, like what a vet signs.
    kinds: [
      'assessment.signed',
      'report.signed',
      'medical_record.uploaded',
      'prescription.started',
      'prescription.changed',
      'prescription.stopped',
      'preventive.dose_recorded',
    ],
  },
  {
    key: 'other',
    label: 'Reminder, question, daily status, alert or preventive care',
    shape: 'crossRot',
    color: '#495057',
    kinds: [
      'reminder.done',
      'daily_status.written',
      'question.asked',
      'question.answered',
      'pet_alert.set',
      'pet_alert.removed',
      'preventive.not_applicable_set',
      'preventive.not_applicable_removed',
      'preventive.owner_reminded',
    ],
  },
];

const GROUP_OF_KIND = new Map<TimelineKind, MarkerGroup>(
  MARKER_GROUPS.flatMap((group) => group.kinds.map((kind) => [kind, group] as const)),
);

export function markerGroupOf(kind: TimelineKind): MarkerGroup {
  // Every kind is in a group (checked by the test), so the fallback is never reached.
  return GROUP_OF_KIND.get(kind) ?? (MARKER_GROUPS.at(-1) as MarkerGroup);
}

/** An event placed on a chart's axis. */
export interface PlacedEvent {
  item: TimelineItem;
  group: MarkerGroup;
  /** The bucket the event fell in. */
  index: number;
  /** How far into its bucket, from 0 (its start) to 1 (its end). */
  fraction: number;
}

const NOMINAL_SECONDS: Record<BucketSize, number> = { '30m': 1800, '1h': 3600, '1d': 86_400, '1w': 604_800 };

/**
 * Puts each event in the bucket that holds it, by the buckets' own starts: the server cut them on the
 * pet's wall clock (local midnights, ISO weeks, a 23- or 25-hour day on a DST change), so an event
 * lands on the day or hour the pet lived it, whatever the viewer's zone. Events outside the buckets
 * (before the first, at or after `rangeEnd`) are left out. Oldest first, so the newest is drawn on top.
 */
export function placeEvents(
  items: readonly TimelineItem[],
  buckets: readonly ChartBucket[],
  bucketSize: BucketSize,
  rangeEnd: number,
): PlacedEvent[] {
  const starts = buckets.map((bucket) => bucket.start.seconds);
  const placed: PlacedEvent[] = [];
  for (const item of items) {
    const at = item.at.seconds;
    const index = lastStartAtOrBefore(starts, at);
    if (index < 0) continue;
    const start = starts[index] as number;
    const next = starts[index + 1];
    // The last bucket is drawn as wide as the others even when the range ends inside it (now).
    const end = next ?? start + NOMINAL_SECONDS[bucketSize];
    if (at >= end || at >= rangeEnd) continue;
    placed.push({ item, group: markerGroupOf(item.kind), index, fraction: (at - start) / (end - start) });
  }
  return placed.sort((a, b) => a.item.at.seconds - b.item.at.seconds);
}

function lastStartAtOrBefore(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= at) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The events of one bucket, for its tooltip. */
export function eventsInBucket(placed: readonly PlacedEvent[], index: number): PlacedEvent[] {
  return placed.filter((event) => event.index === index);
}

/**
 * Where on the axis an event goes, in ticks (tick i is bucket i's point). A line of hours or half hours
 * reads as a clock, its tick labelled with the bucket's start ('03:00'), so an event at 03:40 sits two
 * thirds of the way to the next tick. A day, a week or a bar is a slot centred on its tick, labelled
 * with its date, so an event that day sits within that slot, on its tick at noon.
 */
export function markerTick(event: PlacedEvent, type: 'line' | 'bar', bucketSize: BucketSize): number {
  const clock = type === 'line' && (bucketSize === '30m' || bucketSize === '1h');
  return event.index + event.fraction - (clock ? 0 : 0.5);
}
