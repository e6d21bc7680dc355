import { readingRanges, type VitalKind, type VitalsResponse } from '@vetboard/contract';
import type { TimeSeriesChartProps } from '@/components/charts/chart-config.ts';
import { respiratoryPointColor, respiratorySeverity } from '@/components/trackers/respiratory-chart.ts';
import { formatDuration, formatKg, formatReading } from '@/components/trackers/tracker-format.ts';

/** Small charts: tall enough to read a trend, short enough that all five fit a laptop screen. */
export const VITAL_CHART_HEIGHT = 120;
/** One y-axis width for all five, so their plot areas (and the shared hover line) line up. */
export const Y_AXIS_WIDTH = 52;

export type TrackerPath =
  | '/pets/$uuid/respiratory-history'
  | '/pets/$uuid/heart-rate'
  | '/pets/$uuid/weight-history'
  | '/pets/$uuid/drinking'
  | '/pets/$uuid/itch-history';

export interface VitalConfig {
  title: string;
  to: TrackerPath;
  /** The latest value (and the change, for `delta`) with its unit. */
  format: (value: number) => string;
  /** Drinking and head shaking: the latest value is a local day's total, `at` that day's midnight. */
  dayTotal?: boolean;
  /** Sampled by the collar: its buckets carry the collar's coverage (weight entries do not). */
  collar: boolean;
  chart: (
    data: VitalsResponse,
  ) => Omit<TimeSeriesChartProps, 'buckets' | 'bucketSize' | 'timezone' | 'ariaLabel'>;
}

/** The tracker pages' own chart settings, drawn small. */
export const vitalConfigs: Record<VitalKind, VitalConfig> = {
  respiratoryRate: {
    title: 'Sleeping respiratory rate',
    to: '/pets/$uuid/respiratory-history',
    collar: true,
    format: (value) => formatReading('respiratory_rate', value),
    chart: (data) => ({
      type: 'line',
      measure: 'avg',
      seriesLabel: 'Average',
      unit: readingRanges.respiratory_rate.unit,
      pointColor: respiratoryPointColor(data.respiratoryThresholds),
      pointSeverity: respiratorySeverity(data.respiratoryThresholds),
    }),
  },
  heartRate: {
    title: 'Heart rate',
    to: '/pets/$uuid/heart-rate',
    collar: true,
    format: (value) => formatReading('heart_rate', value),
    chart: () => ({
      type: 'line',
      measure: 'avg',
      seriesLabel: 'Average',
      unit: readingRanges.heart_rate.unit,
      decimals: 0,
      color: '#c2255c',
    }),
  },
  weight: {
    title: 'Weight',
    to: '/pets/$uuid/weight-history',
    collar: false,
    format: formatKg,
    chart: (data) => ({
      type: 'line',
      measure: 'avg',
      spanGaps: true,
      decimals: 2,
      seriesLabel: 'Weight',
      unit: 'kg',
      color: '#2f9e44',
      lines:
        data.targetWeightKg === null
          ? []
          : [
              {
                value: data.targetWeightKg,
                label: `Target ${formatKg(data.targetWeightKg)}`,
                color: '#2b8a3e',
              },
            ],
    }),
  },
  drinking: {
    title: 'Drinking',
    to: '/pets/$uuid/drinking',
    collar: true,
    format: formatDuration,
    dayTotal: true,
    chart: () => ({
      type: 'bar',
      measure: 'sum',
      toDisplay: (seconds) => seconds / 60,
      seriesLabel: 'Drinking time',
      unit: 'min',
      color: '#1c7ed6',
    }),
  },
  shaking: {
    title: 'Head shaking',
    to: '/pets/$uuid/itch-history',
    collar: true,
    format: (value) => formatReading('shaking', value),
    dayTotal: true,
    chart: () => ({
      type: 'bar',
      measure: 'sum',
      seriesLabel: 'Head-shaking episodes',
      unit: 'episodes',
      decimals: 0,
      color: '#7048e8',
    }),
  },
};
