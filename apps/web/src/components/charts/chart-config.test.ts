import type { ChartBucket } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { buildChartConfig, segmentColor, type TimeSeriesChartProps, withAlpha } from './chart-config.ts';
import { axisLabels, bucketTitle, hasReadings, tickLabel } from './chart-labels.ts';

const bucket = (iso: string, values: Partial<ChartBucket> = {}): ChartBucket => ({
  start: { seconds: Date.parse(iso) / 1000 },
  avg: null,
  min: null,
  max: null,
  sum: null,
  count: 0,
  coverage: null,
  ...values,
});

/** The 48 half hours of 14 July 2026 in London (BST), from 23:00 UTC the day before. */
const londonDay = Array.from({ length: 48 }, (_, i) =>
  bucket(new Date(Date.parse('2026-07-13T23:00:00Z') + i * 1800_000).toISOString()),
);

const props = (patch: Partial<TimeSeriesChartProps>): TimeSeriesChartProps => ({
  type: 'line',
  buckets: [],
  bucketSize: '1d',
  timezone: 'Europe/London',
  measure: 'avg',
  seriesLabel: 'Average',
  unit: 'breaths/min',
  ariaLabel: 'chart',
  ...patch,
});

describe('axis labels, on the pet’s wall clock', () => {
  it('labels every third hour of a day, in the pet’s zone', () => {
    const { ticks, autoSkip } = axisLabels(londonDay, '30m', 'Europe/London');
    expect(autoSkip).toBe(false);
    expect(ticks[0]).toBe('00:00');
    expect(ticks[1]).toBe('');
    expect(ticks[6]).toBe('03:00');
    expect(ticks.filter(Boolean)).toHaveLength(8);
  });

  it('labels the local midnights of a week of hours', () => {
    const week = Array.from({ length: 168 }, (_, i) =>
      bucket(new Date(Date.parse('2026-07-12T23:00:00Z') + i * 3600_000).toISOString()),
    );
    const { ticks } = axisLabels(week, '1h', 'Europe/London');
    expect(ticks.filter(Boolean)).toEqual([
      'Mon 13',
      'Tue 14',
      'Wed 15',
      'Thu 16',
      'Fri 17',
      'Sat 18',
      'Sun 19',
    ]);
  });

  it('shortens the midnights to the day of the month where the axis is too narrow for them (a phone)', () => {
    const week = Array.from({ length: 168 }, (_, i) =>
      bucket(new Date(Date.parse('2026-07-12T23:00:00Z') + i * 3600_000).toISOString()),
    );
    const labels = axisLabels(week, '1h', 'Europe/London');
    expect(labels.narrowTicks?.filter(Boolean)).toEqual(['13', '14', '15', '16', '17', '18', '19']);
    const firstMidnight = labels.ticks.indexOf('Mon 13');
    // 7 labels: a 250 px axis (a 375 px phone) gives each 36 px, a 600 px one 86 px.
    expect(tickLabel(labels, firstMidnight, 250)).toBe('13');
    expect(tickLabel(labels, firstMidnight, 600)).toBe('Mon 13');
    expect(tickLabel(labels, firstMidnight + 1, 250)).toBe('');
    // The axis callback reads the axis's own width.
    const { options } = buildChartConfig(props({ buckets: week, bucketSize: '1h' }));
    const xTicks = options.scales?.x?.ticks as
      | { callback: (this: { width: number }, value: number, index: number) => string }
      | undefined;
    const callback = xTicks?.callback;
    if (!callback) throw new Error('the x axis has no tick callback');
    expect(callback.call({ width: 250 }, firstMidnight, firstMidnight)).toBe('13');
    expect(callback.call({ width: 900 }, firstMidnight, firstMidnight)).toBe('Mon 13');
  });

  it('writes days as DD/MM and titles a bucket in full', () => {
    const days = [bucket('2026-10-24T23:00:00Z'), bucket('2026-10-26T00:00:00Z')];
    expect(axisLabels(days, '1d', 'Europe/London')).toEqual({ ticks: ['25/10', '26/10'], autoSkip: true });
    expect(bucketTitle(days[0] as ChartBucket, '1d', 'Europe/London')).toBe('Sun 25/10/2026');
    expect(bucketTitle(londonDay[3] as ChartBucket, '30m', 'Europe/London')).toBe('Tue 14/07/2026 01:30');
    expect(bucketTitle(days[1] as ChartBucket, '1w', 'UTC')).toBe('Week of 26/10/2026');
  });
});

describe('buildChartConfig', () => {
  const buckets = [
    bucket('2026-07-13T23:00:00Z', { avg: 22.44, min: 18, max: 27, count: 4 }),
    bucket('2026-07-14T23:00:00Z'),
    bucket('2026-07-15T23:00:00Z', { avg: 41, min: 41, max: 41, count: 1 }),
  ];

  it('keeps empty buckets as gaps, not zeros, and does not join across them', () => {
    const { data } = buildChartConfig(props({ buckets }));
    const line = data.datasets.at(-1) as { data: unknown[]; spanGaps: boolean };
    expect(line.data).toEqual([22.4, null, 41]);
    expect(line.spanGaps).toBe(false);
    expect(hasReadings(buckets)).toBe(true);
    expect(hasReadings([bucket('2026-07-13T23:00:00Z')])).toBe(false);
  });

  it('shades the lowest–highest band behind the average when asked', () => {
    const { data } = buildChartConfig(props({ buckets, band: true }));
    expect(data.datasets.map((set) => set.label)).toEqual(['Lowest', 'Highest', 'Average']);
    expect(data.datasets[0]?.data).toEqual([18, null, 41]);
    expect(data.datasets[1]?.data).toEqual([27, null, 41]);
  });

  it('draws totals as bars, converted for display (drinking seconds as minutes)', () => {
    const drinking = [bucket('2026-07-13T23:00:00Z', { sum: 150, count: 3 }), bucket('2026-07-14T23:00:00Z')];
    const { data, options } = buildChartConfig(
      props({
        type: 'bar',
        buckets: drinking,
        measure: 'sum',
        toDisplay: (s) => s / 60,
        unit: 'min',
        band: true,
      }),
    );
    expect(data.datasets).toHaveLength(1);
    expect(data.datasets[0]?.data).toEqual([2.5, null]);
    expect(options.scales?.y).toMatchObject({ beginAtZero: true });
  });

  it('passes the threshold lines to the plugin and makes room for them on the y axis', () => {
    const lines = [
      { value: 40, label: 'High-red > 40', color: '#e03131' },
      { value: 10, label: 'Low < 10', color: '#1c7ed6' },
    ];
    const { options } = buildChartConfig(props({ buckets, lines }));
    expect(options.plugins?.thresholdLines?.lines).toEqual(lines);
    const y = options.scales?.y as { suggestedMax?: number; suggestedMin?: number };
    expect(y.suggestedMax).toBeGreaterThan(40);
    expect(y.suggestedMin).toBeLessThan(10);
  });

  it("draws an overlay (a diet's plan) as a dashed line over the same buckets, in the tooltip only where it applies", () => {
    const overlay = { label: 'Plan', values: [null, 9.876, 9.8], color: '#2f9e44' };
    const { data, options } = buildChartConfig(props({ buckets, overlay, unit: 'kg', decimals: 2 }));
    expect(data.datasets.map((set) => set.label)).toEqual(['Average', 'Plan']);
    expect(data.datasets[1]).toMatchObject({ data: [null, 9.88, 9.8], borderDash: [6, 4], pointRadius: 0 });
    const y = options.scales?.y as { suggestedMin?: number };
    expect(y.suggestedMin).toBeLessThan(9.8);
    const tooltip = options.plugins?.tooltip as unknown as {
      filter: (item: { datasetIndex: number; parsed: { y: number | null } }) => boolean;
      callbacks: {
        label: (item: { datasetIndex: number; dataIndex: number; parsed: { y: number } }) => string;
      };
    };
    expect(tooltip.filter({ datasetIndex: 1, parsed: { y: null } })).toBe(false);
    expect(tooltip.filter({ datasetIndex: 1, parsed: { y: 9.8 } })).toBe(true);
    expect(tooltip.callbacks.label({ datasetIndex: 1, dataIndex: 2, parsed: { y: 9.8 } })).toBe(
      'Plan: 9.8 kg',
    );
  });

  it('colours a point by its value', () => {
    const { data } = buildChartConfig(props({ buckets, pointColor: (v) => (v > 40 ? 'red' : undefined) }));
    const line = data.datasets.at(-1) as unknown as { pointBackgroundColor: string[] };
    expect(line.pointBackgroundColor).toEqual(['#1b8a7e', '#1b8a7e', 'red']);
  });

  it('colours a line segment by its worse end, whichever way the line runs', () => {
    const color = (v: number) => (v > 40 ? 'red' : v > 30 ? 'orange' : undefined);
    const severity = (v: number) => (v > 40 ? 2 : v > 30 ? 1 : 0);
    const point = (y: number | null) => ({ parsed: { y } });
    expect(segmentColor({ p0: point(45), p1: point(35) }, color, severity)).toBe('red');
    expect(segmentColor({ p0: point(35), p1: point(45) }, color, severity)).toBe('red');
    expect(segmentColor({ p0: point(45), p1: point(46) }, color, severity)).toBe('red');
    expect(segmentColor({ p0: point(20), p1: point(35) }, color, severity)).toBe('orange');
    expect(segmentColor({ p0: point(null), p1: point(20) }, color, severity)).toBeUndefined();
  });

  it('makes a translucent band colour from the line’s', () => {
    expect(withAlpha('#1c7ed6', 0.14)).toBe('rgba(28, 126, 214, 0.14)');
  });
});
