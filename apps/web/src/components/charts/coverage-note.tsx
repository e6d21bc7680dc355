import { Stack, Text } from '@mantine/core';
import type { ChartBucket } from '@vetboard/contract';
import { coverageSentence, isLowCoverage, LOW_COVERAGE } from './coverage.ts';

/**
 * Under collar charts: how much of the period the collar covered, what the strip under a plot is, and,
 * when some values rest on little data, that they are the faded ones. `measures` are the charts' own:
 * averages are lines (no line across a gap, faded points), totals bars (faded bars, likely too low).
 * Coverage is the collar's, not one tracker's, so several charts of one pet share one note.
 */
export function CoverageNote({
  buckets,
  lowBuckets = buckets,
  measures,
  periodName,
  now = Date.now(),
}: {
  /** The buckets the period's share is read from (any one collar chart's: they are all the collar's). */
  buckets: readonly ChartBucket[];
  /** The buckets whose values may be faded (every chart the note speaks for). */
  lowBuckets?: readonly ChartBucket[];
  measures: readonly ('avg' | 'sum')[];
  periodName: string;
  now?: number;
}) {
  const sentence = coverageSentence(buckets, periodName, now / 1000);
  if (sentence === null) return null;
  const low = lowBuckets.some(isLowCoverage);
  const threshold = `${Math.round(LOW_COVERAGE * 100)}%`;
  const lines = measures.includes('avg');
  const bars = measures.includes('sum');
  const strips = measures.length > 1 ? 'The strip under each chart shows' : 'The strip under the chart shows';
  let faded = '';
  if (low && lines && bars)
    faded = ` Faded points and bars rest on little data (under ${threshold} of their interval): averages to read with care, totals likely too low.`;
  else if (low && lines)
    faded = ` Faded points are averages based on little data (under ${threshold} of their interval).`;
  else if (low)
    faded = ` Faded bars are totals from under ${threshold} of their interval, so likely too low.`;
  return (
    <Stack gap={2} data-testid="chart-coverage" data-low-coverage={low || undefined}>
      <Text size="sm" fw={600}>
        {sentence}
      </Text>
      <Text size="xs" c="dimmed">
        {strips} how much of each interval the collar covered; grey is none
        {lines ? ', and no line is drawn across a gap.' : '.'}
        {faded}
      </Text>
    </Stack>
  );
}
