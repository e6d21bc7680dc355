import type { ChartBucket } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import {
  buildChartConfig,
  LOW_COVERAGE_ALPHA,
  type TimeSeriesChartProps,
  withAlpha,
} from './chart-config.ts';
import {
  bucketCoverageLines,
  coverageSentence,
  formatCoverage,
  isLowCoverage,
  LOW_COVERAGE,
  periodCoverage,
} from './coverage.ts';

const HOUR = 3600;
const START = Date.parse('2026-07-13T23:00:00Z') / 1000;

/** Hour `index` of a week from START, with `coverage` and a reading when covered. */
const hour = (
  index: number,
  coverage: number | null,
  avg: number | null = coverage ? 20 : null,
): ChartBucket => ({
  start: { seconds: START + index * HOUR },
  avg,
  min: avg,
  max: avg,
  sum: avg,
  count: avg === null ? 0 : 3,
  coverage,
});

describe('the period’s coverage in words', () => {
  it('is the mean of the buckets’ coverage, in whole percent', () => {
    const buckets = [hour(0, 1), hour(1, 0.5), hour(2, 0), hour(3, 1)];
    expect(periodCoverage(buckets, START + 10 * HOUR)).toBe(0.625);
    expect(coverageSentence(buckets, 'the last 7 days', START + 10 * HOUR)).toBe(
      'Collar data for 63% of the last 7 days.',
    );
  });

  it('leaves out the buckets still ahead or under way, so the rest of this week is not counted as a gap', () => {
    const buckets = [hour(0, 1), hour(1, 0.5), hour(2, 0.25), hour(3, 0)];
    // Half past the third hour: the first two are over, the third is under way.
    expect(coverageSentence(buckets, 'this week', START + 2.5 * HOUR)).toBe(
      'Collar data for 75% of this week.',
    );
    expect(periodCoverage(buckets, START + HOUR - 1)).toBeNull();
  });

  it('says when there is none, and nothing for a chart without coverage (weight)', () => {
    expect(coverageSentence([hour(0, 0), hour(1, 0)], 'this day', START + 5 * HOUR)).toBe(
      'No collar data for this day.',
    );
    expect(coverageSentence([hour(0, null, 12.5)], 'this month', START + 5 * HOUR)).toBeNull();
  });

  it('never rounds a little data to nothing, nor a gap to all of it', () => {
    expect(formatCoverage(0.004)).toBe('under 1%');
    expect(formatCoverage(0.996)).toBe('99%');
    expect(formatCoverage(1)).toBe('100%');
    expect(formatCoverage(0.814)).toBe('81%');
  });
});

describe('little data', () => {
  it(`is a bucket with readings on under ${LOW_COVERAGE * 100}% of its half hours`, () => {
    expect(isLowCoverage(hour(0, 0.49))).toBe(true);
    expect(isLowCoverage(hour(0, 0.5))).toBe(false);
    expect(isLowCoverage(hour(0, 0))).toBe(false); // a gap, not a value on little data
    expect(isLowCoverage(hour(0, null, 12))).toBe(false);
  });

  it('is said in the tooltip under the bucket’s coverage', () => {
    expect(bucketCoverageLines(hour(0, 0.25), '1d')).toEqual([
      'Collar data for 25% of this day',
      'Based on little data',
    ]);
    expect(bucketCoverageLines(hour(0, 1), '1h')).toEqual(['Collar data for 100% of this hour']);
    expect(bucketCoverageLines(hour(0, null, 12), '1d')).toEqual([]);
  });
});

const props = (patch: Partial<TimeSeriesChartProps>): TimeSeriesChartProps => ({
  type: 'line',
  buckets: [hour(0, 1), hour(1, 0), hour(2, 0.25), hour(3, 1)],
  bucketSize: '1h',
  timezone: 'Europe/London',
  measure: 'avg',
  seriesLabel: 'Average',
  unit: 'breaths/min',
  color: '#1b8a7e',
  ariaLabel: 'chart',
  coverage: true,
  ...patch,
});

describe('a chart with coverage', () => {
  it('keeps an empty bucket a gap (a null, never spanned) and fades the average on little data', () => {
    const { data, options } = buildChartConfig(props({}));
    const line = data.datasets[0] as unknown as {
      data: (number | null)[];
      spanGaps: boolean;
      pointBackgroundColor: string[];
    };
    expect(line.data).toEqual([20, null, 20, 20]);
    expect(line.spanGaps).toBe(false);
    expect(line.pointBackgroundColor[0]).toBe('#1b8a7e');
    expect(line.pointBackgroundColor[2]).toBe(withAlpha('#1b8a7e', LOW_COVERAGE_ALPHA));
    expect(options.plugins?.coverageStrip?.coverage).toEqual([1, 0, 0.25, 1]);
  });

  it('fades a total from little data among full bars', () => {
    const { data } = buildChartConfig(props({ type: 'bar', measure: 'sum' }));
    const bars = data.datasets[0] as unknown as { backgroundColor: string[] };
    expect(bars.backgroundColor).toEqual([
      '#1b8a7e',
      '#1b8a7e',
      withAlpha('#1b8a7e', LOW_COVERAGE_ALPHA),
      '#1b8a7e',
    ]);
  });

  it('draws no strip and fades nothing where the buckets carry no coverage, or it is not asked for', () => {
    const weights = buildChartConfig(props({ buckets: [hour(0, null, 12), hour(1, null, 13)] }));
    expect(weights.options.plugins?.coverageStrip).toBeUndefined();
    const unasked = buildChartConfig(props({ coverage: false }));
    expect(unasked.options.plugins?.coverageStrip).toBeUndefined();
    const line = unasked.data.datasets[0] as unknown as { pointBackgroundColor: string[] };
    expect(line.pointBackgroundColor[2]).toBe('#1b8a7e');
  });
});
