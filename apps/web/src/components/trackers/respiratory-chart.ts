import { type Abnormal, classifyRespiratoryRate, type RespiratoryThresholds } from '@vetboard/contract';
import type { ChartLine } from '@/components/charts/chart-config.ts';
import { abnormalHex, abnormalLabels } from '@/components/trackers/tracker-format.ts';

/** The four thresholds as lines on the chart, each in its flag's colour, worded so colour is not needed. */
export function respiratoryThresholdLines(thresholds: RespiratoryThresholds): ChartLine[] {
  return [
    {
      value: thresholds.highRed,
      label: `${abnormalLabels['high-red']} > ${thresholds.highRed}`,
      color: abnormalHex['high-red'],
    },
    {
      value: thresholds.highOrange,
      label: `${abnormalLabels['high-orange']} > ${thresholds.highOrange}`,
      color: abnormalHex['high-orange'],
    },
    { value: thresholds.high, label: `${abnormalLabels.high} > ${thresholds.high}`, color: abnormalHex.high },
    { value: thresholds.low, label: `${abnormalLabels.low} < ${thresholds.low}`, color: abnormalHex.low },
  ];
}

/** A point's colour: its flag's colour when it crosses a threshold, else the chart's own. */
export function respiratoryPointColor(thresholds: RespiratoryThresholds) {
  return (value: number): string | undefined => {
    const abnormal: Abnormal = classifyRespiratoryRate(value, thresholds);
    return abnormal === 'undefined' ? undefined : abnormalHex[abnormal];
  };
}

const SEVERITY: Record<Abnormal, number> = { undefined: 0, low: 1, high: 2, 'high-orange': 3, 'high-red': 4 };

/** How far a value is from normal, to colour a chart segment by its worse end. */
export function respiratorySeverity(thresholds: RespiratoryThresholds) {
  return (value: number): number => SEVERITY[classifyRespiratoryRate(value, thresholds)];
}
