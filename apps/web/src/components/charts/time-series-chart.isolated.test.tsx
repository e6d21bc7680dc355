import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import type { ChartBucket } from '@vetboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeSeriesChartProps } from './chart-config.ts';

/** What react-chartjs-2's chart was rendered with, each time: every new data object is an update and a draw. */
const drawnWith = vi.hoisted(() => [] as unknown[]);

vi.mock('react-chartjs-2', () => ({
  Chart: ({ data }: { data: unknown }) => {
    drawnWith.push(data);
    return null;
  },
}));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => () => undefined }));

const { default: TimeSeriesChart } = await import('./time-series-chart.tsx');

const buckets: ChartBucket[] = [0, 1, 2].map((hour) => ({
  start: { seconds: Date.parse('2026-07-14T00:00:00Z') / 1000 + hour * 3600 },
  avg: 20 + hour,
  min: 18,
  max: 24,
  sum: null,
  count: 4,
  coverage: 1,
}));

const props = (patch: Partial<TimeSeriesChartProps> = {}): TimeSeriesChartProps => ({
  type: 'line',
  buckets,
  bucketSize: '1h',
  timezone: 'Europe/London',
  measure: 'avg',
  seriesLabel: 'Average',
  unit: 'breaths/min',
  ariaLabel: 'Respiratory rate',
  ...patch,
});

describe('a built chart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    drawnWith.length = 0;
  });
  afterEach(async () => {
    await act(() => vi.runAllTimers());
    vi.useRealTimers();
  });

  it('is not updated again when its page re-renders with the same values, only when they change', async () => {
    const chart = (patch?: Partial<TimeSeriesChartProps>) => (
      <MantineProvider>
        <TimeSeriesChart {...props(patch)} />
      </MantineProvider>
    );
    const view = render(chart());
    await act(() => vi.runAllTimers());
    expect(drawnWith).toHaveLength(1);

    // A parent's re-render: a new props object, the same values.
    view.rerender(chart());
    expect(drawnWith).toHaveLength(1);

    view.rerender(chart({ buckets: buckets.slice(1) }));
    expect(drawnWith).toHaveLength(2);
    expect(drawnWith[1]).not.toBe(drawnWith[0]);
    view.unmount();
  });
});
