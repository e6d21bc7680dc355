import { computeDietProgress, isoToCalendarDate } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { dietProgressChart } from './diet-progress-chart.ts';

const d = isoToCalendarDate;

function progress(entries: [string, number][]) {
  const computed = computeDietProgress({
    dietUuid: '00000000-0000-4000-8000-000000000001',
    dietKind: 'weight_loss',
    startDate: d('2026-09-01'),
    startWeightKg: 10,
    targetWeightKg: 9,
    entries: entries.map(([date, valueKg]) => ({ date: d(date), valueKg })),
    nextAssessmentOn: null,
  });
  if (!computed) throw new Error('no goal');
  return computed;
}

describe("the diet page's weight chart", () => {
  it('has a bucket per day from the start to the planned target date, the entries in theirs and the plan in each', () => {
    const chart = dietProgressChart(
      progress([
        ['2026-09-01', 10],
        ['2026-09-15', 9.9],
        ['2026-09-15', 9.8],
      ]),
    );
    expect(chart.bucketSize).toBe('1d');
    // 1 September to 10 November inclusive.
    expect(chart.buckets).toHaveLength(71);
    expect(chart.buckets[0]).toMatchObject({
      start: { seconds: Date.UTC(2026, 8, 1) / 1000 },
      avg: 10,
      count: 1,
    });
    expect(chart.buckets[14]).toMatchObject({ min: 9.8, max: 9.9, count: 2 });
    expect(chart.buckets[14]?.avg).toBeCloseTo(9.85, 10);
    expect(chart.buckets[1]).toMatchObject({ avg: null, count: 0 });
    expect(chart.planned[0]).toBe(10);
    expect(chart.planned[14]).toBeCloseTo(9.8, 10);
    expect(chart.planned.at(-1)).toBe(9);
  });

  it('runs on to the latest entry after the planned date, by the week once longer than half a year', () => {
    const chart = dietProgressChart(progress([['2027-06-01', 9.5]]));
    expect(chart.bucketSize).toBe('1w');
    // 274 days from 1 September 2026 to 1 June 2027: 40 weeks, the last holding the entry.
    expect(chart.buckets).toHaveLength(40);
    expect(chart.buckets.at(-1)).toMatchObject({ avg: 9.5, count: 1 });
    expect(chart.planned.at(-1)).toBe(9);
  });
});
