import type { BucketSize, ChartBucket, TimelineItem } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import type { ChartData, ChartOptions, ChartType, TooltipItem, TooltipPositionerFunction } from 'chart.js';
import { formatNumber } from '@/lib/format/numbers.ts';
import { formatZoned } from '@/lib/format/zoned-time.ts';
import { axisLabels, bucketTitle, hasSpread, tickLabel } from './chart-labels.ts';
import { bucketCoverageLines, isLowCoverage } from './coverage.ts';
import {
  eventsInBucket,
  MARKER_LANE,
  MARKER_ROW,
  MARKER_ROWS,
  type MarkerShape,
  markerTick,
  placeEvents,
} from './event-markers.ts';
import type { HoverSync } from './hover-sync.ts';

interface SegmentContext {
  p0: { parsed: { y: number | null } };
  p1: { parsed: { y: number | null } };
}

/** The colour of a line segment: its worse end's (by `severity`, else the end it runs to). */
export function segmentColor(
  context: SegmentContext,
  pointColor: ((value: number) => string | undefined) | undefined,
  severity: ((value: number) => number) | undefined,
): string | undefined {
  const from = context.p0.parsed.y;
  const to = context.p1.parsed.y;
  if (!pointColor) return undefined;
  if (to === null) return from === null ? undefined : pointColor(from);
  if (from === null || !severity) return pointColor(to);
  return severity(from) > severity(to) ? pointColor(from) : pointColor(to);
}

/** A horizontal reference line across the chart: a threshold, or the target weight. */
export interface ChartLine {
  value: number;
  label: string;
  color: string;
}

export interface TimeSeriesChartProps {
  type: 'line' | 'bar';
  buckets: readonly ChartBucket[];
  bucketSize: BucketSize;
  /** The pet's zone: the axis and tooltips are on its wall clock. */
  timezone: string;
  /** Rates are averaged (`avg`, with `min`–`max`); counts and durations are totalled (`sum`). */
  measure: 'avg' | 'sum';
  /** From the API's unit to the one shown (drinking seconds to minutes). */
  toDisplay?: (value: number) => number;
  /** Shade the lowest–highest range of each bucket behind the average line. */
  band?: boolean;
  seriesLabel: string;
  unit: string;
  decimals?: number;
  lines?: readonly ChartLine[];
  /**
   * false (the default) breaks the line at empty buckets, so missing collar coverage shows; true joins
   * sparse manual entries (weights) into a trend.
   */
  spanGaps?: boolean;
  /** A point's own colour, e.g. by how abnormal the value is. */
  pointColor?: (value: number) => string | undefined;
  /** How abnormal a value is (0 normal, higher worse): a segment takes the colour of its worse end. */
  pointSeverity?: (value: number) => number;
  color?: string;
  /** The canvas's accessible name. */
  ariaLabel: string;
  /**
   * Charts on one time axis share the hovered bucket: each shows its tooltip and a vertical line at the
   * bucket another chart is hovered on (the pet profile's vitals).
   */
  hoverSync?: HoverSync;
  /**
   * A second, dashed line over the same buckets (a diet's planned weight): one value per bucket, null
   * where it does not apply.
   */
  overlay?: { label: string; values: readonly (number | null)[]; color: string };
  /** A fixed width for the y axis, so stacked charts' plot areas line up whatever their numbers. */
  yAxisWidth?: number;
  /**
   * Show how much of each bucket the collar covered (the buckets' `coverage`): a strip under the plot,
   * faded points and bars where a value rests on little data, and the share in the tooltip.
   */
  coverage?: boolean;
  /**
   * The pet's timeline events of the shown range (`rangeEnd`: the chart response's `range.end`), drawn
   * as markers: a flag on a line across the plot for a diet, a shape on a lane above the plot for the
   * rest, each named in its bucket's tooltip.
   */
  events?: { items: readonly TimelineItem[]; rangeEnd: number };
}

/** One marker as the event-markers plugin draws it; `tick` is where on the category axis (may be fractional). */
export interface ChartMarker {
  tick: number;
  shape: MarkerShape;
  color: string;
  title: string;
  link: string;
}

/** The most event titles one tooltip lists; the events list under the chart has them all. */
const TOOLTIP_EVENTS = 4;

/** The coverage strip's grey where the collar sent nothing, so a gap reads as a gap and not as the page. */
export const NO_COVERAGE_COLOR = '#dee2e6';

/** How faded a point or bar is when its bucket's value rests on little data. */
export const LOW_COVERAGE_ALPHA = 0.35;

export const CHART_COLOR = '#1b8a7e';

/** `#rrggbb` at the given opacity, for the band behind a line of that colour. */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** SPEC §9: chart text is Montserrat, 10 px, grey. */
export const CHART_FONT = { family: 'Montserrat', size: 10 } as const;
export const CHART_TEXT_COLOR = '#868e96';

export function formatChartNumber(value: number, decimals: number): string {
  return formatNumber(value, decimals);
}

interface ThresholdLinesOptions {
  lines: readonly ChartLine[];
}

declare module 'chart.js' {
  interface PluginOptionsByType<TType extends ChartType> {
    /** Read by the chart module's threshold-lines plugin. */
    thresholdLines?: ThresholdLinesOptions;
    /** Read by the chart module's hover-line plugin: a vertical line at the active bucket. */
    hoverLine?: { enabled: boolean };
    /** Read by the chart module's coverage-strip plugin: each bucket's coverage (0–1), under the plot. */
    coverageStrip?: { coverage: readonly (number | null)[]; color: string };
    /** Read by the chart module's event-markers plugin: the timeline's events on the time axis. */
    eventMarkers?: { markers: readonly ChartMarker[] };
  }
  interface TooltipPositionerMap {
    /** At the active bucket's x, also when its value is empty (a synced tooltip on a gap). */
    bucket: TooltipPositionerFunction<ChartType>;
  }
}

type Kind = 'line' | 'bar';

/**
 * The Chart.js data and options of a tracker chart. Kept free of Chart.js at run time (types only), so
 * it can be tested without a canvas and does not pull the library into the page's own chunk.
 */
export function buildChartConfig(props: TimeSeriesChartProps): {
  data: ChartData<Kind, (number | null)[], string>;
  options: ChartOptions<Kind>;
} {
  const { buckets, bucketSize, timezone, measure, unit, seriesLabel, type } = props;
  const decimals = props.decimals ?? 1;
  const color = props.color ?? CHART_COLOR;
  const lines = props.lines ?? [];
  const spanGaps = props.spanGaps ?? false;
  const shown = (value: number | null) => {
    if (value === null) return null;
    const converted = props.toDisplay ? props.toDisplay(value) : value;
    return Number(converted.toFixed(decimals));
  };

  const labels = axisLabels(buckets, bucketSize, timezone);
  const { autoSkip } = labels;
  const main = buckets.map((bucket) => shown(bucket[measure]));
  const lows = buckets.map((bucket) => shown(bucket.min));
  const highs = buckets.map((bucket) => shown(bucket.max));
  const withBand = type === 'line' && Boolean(props.band) && hasSpread(buckets);
  const pointRadius = buckets.length > 100 ? 1.5 : 3;
  const showCoverage = Boolean(props.coverage) && buckets.some((bucket) => bucket.coverage !== null);
  // A value on little data is drawn faded: still there, but not to be read like the others.
  const faded = (bucketColor: string, index: number) => {
    const bucket = buckets[index];
    return showCoverage && bucket && isLowCoverage(bucket)
      ? withAlpha(bucketColor, LOW_COVERAGE_ALPHA)
      : bucketColor;
  };

  // biome-ignore lint/suspicious/noExplicitAny: Chart.js types line and bar datasets separately; this array mixes them by `type`.
  const datasets: any[] = [];
  if (withBand) {
    const edge = { type: 'line', borderWidth: 0, pointRadius: 0, pointHitRadius: 0, spanGaps };
    datasets.push({ ...edge, label: 'Lowest', data: lows, fill: false });
    datasets.push({
      ...edge,
      label: 'Highest',
      data: highs,
      fill: '-1',
      backgroundColor: withAlpha(color, 0.14),
    });
  }
  const mainIndex = datasets.length;
  if (type === 'bar') {
    datasets.push({
      type: 'bar',
      label: seriesLabel,
      data: main,
      backgroundColor: showCoverage ? buckets.map((_, index) => faded(color, index)) : color,
      borderRadius: 2,
    });
  } else {
    datasets.push({
      type: 'line',
      label: seriesLabel,
      data: main,
      borderColor: color,
      backgroundColor: color,
      borderWidth: 2,
      cubicInterpolationMode: 'monotone',
      spanGaps,
      pointRadius,
      pointHoverRadius: pointRadius + 2,
      pointBackgroundColor: main.map((value, index) =>
        value === null ? color : faded(props.pointColor?.(value) ?? color, index),
      ),
      pointBorderWidth: 0,
      // A stretch of line takes the colour of its worse end, so a run of high values reads at a glance
      // and a high-red point is never reached by an orange line.
      segment: props.pointColor && {
        borderColor: (context: SegmentContext) =>
          segmentColor(context, props.pointColor, props.pointSeverity),
      },
    });
  }

  const overlay = props.overlay;
  const overlayIndex = overlay ? datasets.length : -1;
  if (overlay) {
    datasets.push({
      type: 'line',
      label: overlay.label,
      data: overlay.values.map((value) => (value === null ? null : Number(value.toFixed(decimals)))),
      borderColor: overlay.color,
      backgroundColor: overlay.color,
      borderWidth: 2,
      borderDash: [6, 4],
      pointRadius: 0,
      pointHoverRadius: 0,
      spanGaps: true,
    });
  }

  const lineValues = [
    ...lines.map((line) => line.value),
    ...(overlay?.values.filter((value): value is number => value !== null) ?? []),
  ];
  const suggestedMin = type === 'bar' || lineValues.length === 0 ? undefined : Math.min(...lineValues) * 0.9;
  const suggestedMax = lineValues.length === 0 ? undefined : Math.max(...lineValues) * 1.08;
  const format = (value: number) => formatChartNumber(value, decimals);
  const placed = props.events
    ? placeEvents(props.events.items, buckets, bucketSize, props.events.rangeEnd)
    : [];
  const markers: ChartMarker[] = placed.map((event) => ({
    tick: markerTick(event, type, bucketSize),
    shape: event.group.shape,
    color: event.group.color,
    title: event.item.title,
    link: event.item.link,
  }));
  const eventLines = (index: number) => {
    const here = eventsInBucket(placed, index);
    if (here.length === 0) return [];
    const shown = here
      .slice(0, TOOLTIP_EVENTS)
      .map((event) => `${formatZoned(event.item.at, timezone, 'DD/MM HH:mm')}  ${event.item.title}`);
    const more = here.length - TOOLTIP_EVENTS;
    return ['', ...shown, ...(more > 0 ? [`and ${more} more (listed under the chart)`] : [])];
  };

  return {
    data: { labels: buckets.map((_, index) => String(index)), datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      // The events lane sits in the room above the plot: its rows and a marker's height above the last.
      layout: {
        padding: { top: props.events ? MARKER_LANE + (MARKER_ROWS - 1) * MARKER_ROW + 14 : 12, right: 4 },
      },
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          // Charts sharing a time axis put bucket i at the same x: a line then sits mid-bucket, as bars do.
          ...(props.hoverSync && { offset: true }),
          grid: { display: false },
          ticks: {
            autoSkip,
            autoSkipPadding: 8,
            // Room between the plot and the labels for the coverage strip.
            ...(showCoverage && { padding: 12 }),
            maxRotation: 0,
            // `this` is the axis: its width, known only once laid out, picks long or short labels.
            callback(this: { width: number }, _value: string | number, index: number) {
              return tickLabel(labels, index, this.width);
            },
          },
        },
        y: {
          beginAtZero: type === 'bar',
          suggestedMin,
          suggestedMax,
          title: { display: true, text: unit },
          ticks: { precision: decimals },
          ...(props.yAxisWidth !== undefined && {
            afterFit: (scale: { width: number }) => {
              scale.width = props.yAxisWidth ?? scale.width;
            },
          }),
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          ...(props.hoverSync && { position: 'bucket' as const }),
          filter: (item: TooltipItem<Kind>) =>
            item.datasetIndex === mainIndex || (item.datasetIndex === overlayIndex && item.parsed.y !== null),
          callbacks: {
            title: (items: TooltipItem<Kind>[]) => {
              const bucket = buckets[items[0]?.dataIndex ?? 0];
              return bucket ? bucketTitle(bucket, bucketSize, timezone) : '';
            },
            label: (item: TooltipItem<Kind>) => {
              if (item.datasetIndex === overlayIndex && overlay)
                return `${overlay.label}: ${format(item.parsed.y ?? 0)} ${unit}`;
              const value = main[item.dataIndex];
              if (value === null || value === undefined) return 'No readings';
              const low = lows[item.dataIndex];
              const high = highs[item.dataIndex];
              const range =
                withBand && low != null && high != null && low !== high
                  ? ` (${format(low)}–${format(high)})`
                  : '';
              return `${seriesLabel}: ${format(value)} ${unit}${range}`;
            },
            footer: (items: TooltipItem<Kind>[]) => {
              const bucket = buckets[items[0]?.dataIndex ?? 0];
              const count = bucket?.count ?? 0;
              const readings = countOf(count, { one: 'reading', other: 'readings' });
              const index = items[0]?.dataIndex ?? 0;
              return [
                readings,
                ...(showCoverage && bucket ? bucketCoverageLines(bucket, bucketSize) : []),
                ...eventLines(index),
              ];
            },
          },
        },
        thresholdLines: { lines },
        hoverLine: { enabled: Boolean(props.hoverSync) },
        ...(showCoverage && {
          coverageStrip: { coverage: buckets.map((bucket) => bucket.coverage), color },
        }),
        ...(props.events && { eventMarkers: { markers } }),
      },
    },
  };
}
