import { type ChartBucket, type TimelineItem, type TimelineKind, timelineKinds } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { buildChartConfig, type TimeSeriesChartProps } from './chart-config.ts';
import { MARKER_GROUPS, markerGroupOf, markerTick, placeEvents } from './event-markers.ts';

const bucket = (iso: string, avg: number | null = 20): ChartBucket => ({
  start: { seconds: Date.parse(iso) / 1000 },
  avg,
  min: avg,
  max: avg,
  sum: null,
  count: avg === null ? 0 : 1,
  coverage: null,
});

const event = (iso: string, kind: TimelineKind = 'checkup.answered', title: string = kind): TimelineItem => ({
  id: `${kind}:${iso}`,
  at: { seconds: Date.parse(iso) / 1000 },
  source: 'vet',
  kind,
  title,
  link: `/somewhere/${iso}`,
});

/** The local days of 25 Oct to 27 Oct 2026 in Paris: the 25th is 25 hours long (summer time ends). */
const parisDays = [
  bucket('2026-10-24T22:00:00Z'),
  bucket('2026-10-25T23:00:00Z'),
  bucket('2026-10-26T23:00:00Z'),
];
const parisEnd = Date.parse('2026-10-27T23:00:00Z') / 1000;

describe('event markers on a chart’s time axis', () => {
  it('give every kind of timeline event a shape, and a diet a flag', () => {
    for (const kind of timelineKinds) {
      expect(
        MARKER_GROUPS.filter((group) => group.kinds.includes(kind)),
        kind,
      ).toHaveLength(1);
    }
    expect(markerGroupOf('diet.published').shape).toBe('flag');
    expect(markerGroupOf('checkup.answered').shape).toBe('circle');
    expect(new Set(MARKER_GROUPS.map((group) => group.shape)).size).toBe(MARKER_GROUPS.length);
  });

  it('put an event on the pet’s local day, however long that day was, and not the viewer’s', () => {
    // 00:30 on the 26th in Paris is still the 25th in UTC: it belongs to the 26th's bucket.
    const placed = placeEvents(
      [event('2026-10-25T23:30:00Z'), event('2026-10-25T11:00:00Z', 'diet.published')],
      parisDays,
      '1d',
      parisEnd,
    );
    expect(placed.map((marker) => [marker.item.kind, marker.index])).toEqual([
      ['diet.published', 0],
      ['checkup.answered', 1],
    ]);
    // Noon on the 25-hour day is 13 of its 25 hours in (the clock went back at 03:00).
    expect(placed[0]?.fraction).toBeCloseTo(13 / 25, 5);
    expect(placed[1]?.fraction).toBeCloseTo(0.5 / 24, 5);
  });

  it('leave out what falls before the first bucket or at the range’s end', () => {
    const placed = placeEvents(
      [event('2026-10-24T21:59:59Z'), event('2026-10-27T23:00:00Z'), event('2026-10-27T22:59:59Z')],
      parisDays,
      '1d',
      parisEnd,
    );
    expect(placed.map((marker) => marker.index)).toEqual([2]);
    // A rolling window ends now, inside its last bucket: later events are not drawn.
    const hours = [bucket('2026-10-27T10:00:00Z'), bucket('2026-10-27T11:00:00Z')];
    const now = Date.parse('2026-10-27T11:20:00Z') / 1000;
    const inHours = placeEvents(
      [event('2026-10-27T11:15:00Z'), event('2026-10-27T11:40:00Z')],
      hours,
      '1h',
      now,
    );
    expect(inHours).toHaveLength(1);
    expect(inHours[0]?.fraction).toBeCloseTo(0.25, 5);
  });

  it('read hours like a clock and days like slots centred on their date', () => {
    const hours = [bucket('2026-10-27T10:00:00Z'), bucket('2026-10-27T11:00:00Z')];
    const [at1040] = placeEvents(
      [event('2026-10-27T10:40:00Z')],
      hours,
      '1h',
      Date.parse('2026-10-28T00:00:00Z') / 1000,
    );
    expect(at1040 && markerTick(at1040, 'line', '1h')).toBeCloseTo(2 / 3, 5);
    expect(at1040 && markerTick(at1040, 'bar', '1h')).toBeCloseTo(2 / 3 - 0.5, 5);
    const [noon] = placeEvents([event('2026-10-26T11:00:00Z')], parisDays, '1d', parisEnd);
    expect(noon && markerTick(noon, 'line', '1d')).toBeCloseTo(1, 1);
  });

  it('hand the chart its markers and name each event in its bucket’s tooltip', () => {
    const props: TimeSeriesChartProps = {
      type: 'line',
      buckets: parisDays,
      bucketSize: '1d',
      timezone: 'Europe/Paris',
      measure: 'avg',
      seriesLabel: 'Average',
      unit: 'breaths/min',
      ariaLabel: 'chart',
      events: {
        items: [event('2026-10-26T08:15:00Z', 'checkup.answered', "Checkup 'Cardiac' answered")],
        rangeEnd: parisEnd,
      },
    };
    const { options } = buildChartConfig(props);
    const markers = options.plugins?.eventMarkers?.markers ?? [];
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ shape: 'circle', link: '/somewhere/2026-10-26T08:15:00Z' });
    // The callback reads only the items' bucket index, not Chart.js's context.
    const footer = options.plugins?.tooltip?.callbacks?.footer as unknown as (
      items: Array<{ dataIndex: number }>,
    ) => string[];
    expect(footer([{ dataIndex: 1 }])).toContain("26/10 09:15  Checkup 'Cardiac' answered");
    expect(footer([{ dataIndex: 2 }])).toEqual(['1 reading']);
    // Without the overlay there is no events lane.
    expect(buildChartConfig({ ...props, events: undefined }).options.plugins?.eventMarkers).toBeUndefined();
  });
});
