import {
  type Abnormal,
  countOf,
  type ReadingKind,
  readingRanges,
  type VariationSentiment,
  type WeightLocation,
  weightLocationLabels,
} from '@vetboard/contract';
import { formatNumber } from '@/lib/format/numbers.ts';

/** SPEC §3 `abnormal` values as words, so a flag never relies on its colour alone. */
export const abnormalLabels: Record<Abnormal, string> = {
  undefined: 'Normal',
  high: 'High',
  'high-orange': 'High-orange',
  'high-red': 'High-red',
  low: 'Low',
};

/** Mantine palette names: high amber, high-orange orange, high-red red, low blue. */
export const abnormalColors: Record<Exclude<Abnormal, 'undefined'>, string> = {
  high: 'yellow',
  'high-orange': 'orange',
  'high-red': 'red',
  low: 'blue',
};

/** The same colours for the canvas, which cannot read CSS variables. */
export const abnormalHex: Record<Exclude<Abnormal, 'undefined'>, string> = {
  high: '#f59f00',
  'high-orange': '#f76707',
  'high-red': '#e03131',
  low: '#1c7ed6',
};

export const sentimentLabels: Record<VariationSentiment, string> = {
  positive: 'Towards the target',
  negative: 'Away from the target',
  neutral: 'Neutral',
};

export const sentimentColors: Record<VariationSentiment, string> = {
  positive: 'green',
  negative: 'red',
  neutral: 'gray',
};

export type { WeightLocation };
export { formatNumber, weightLocationLabels };

/** Kilograms as the API stores them, to 2 decimals at most: '8.5 kg'. */
export function formatKg(value: number): string {
  return `${formatNumber(value, 2)} kg`;
}

/** A weight change with its sign: '+0.3 kg', '−0.25 kg' (a real minus sign), '0 kg'. */
export function formatVariationKg(value: number): string {
  const size = formatKg(Math.abs(value));
  if (value > 0) return `+${size}`;
  if (value < 0) return `−${size}`;
  return size;
}

/** Drinking time: '45 s', '2 min 5 s', '1 h 12 min'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 60) return `${seconds} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  const rest = seconds % 60;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** One reading's value with its unit (contract `readingRanges` says what each kind measures). */
export function formatReading(kind: ReadingKind, value: number): string {
  switch (kind) {
    case 'respiratory_rate':
      return `${formatNumber(value)} ${readingRanges.respiratory_rate.unit}`;
    case 'heart_rate':
      return `${formatNumber(value, 0)} ${readingRanges.heart_rate.unit}`;
    case 'shaking':
      return countOf(Math.round(value), { one: 'episode', other: 'episodes' });
    case 'drinking':
      return formatDuration(value);
  }
}
