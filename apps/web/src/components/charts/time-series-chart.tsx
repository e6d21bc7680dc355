import { Skeleton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartType,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
  type TooltipPositionerFunction,
} from 'chart.js';
import { drawPoint } from 'chart.js/helpers';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import {
  buildChartConfig,
  CHART_FONT,
  CHART_TEXT_COLOR,
  type ChartMarker,
  NO_COVERAGE_COLOR,
  type TimeSeriesChartProps,
  withAlpha,
} from './chart-config.ts';
import { useChartTurn, useNearScreen } from './chart-turns.ts';
import { MARKER_LANE, MARKER_ROW, MARKER_ROWS } from './event-markers.ts';

ChartJS.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);
ChartJS.defaults.font.family = CHART_FONT.family;
ChartJS.defaults.font.size = CHART_FONT.size;
ChartJS.defaults.color = CHART_TEXT_COLOR;

/** Dashed horizontal lines with their label at the right end, drawn over the data. */
const thresholdLines: Plugin<ChartType> = {
  id: 'thresholdLines',
  afterDatasetsDraw(chart, _args, options: { lines?: { value: number; label: string; color: string }[] }) {
    const y = chart.scales.y;
    if (!y) return;
    const { ctx, chartArea } = chart;
    for (const line of options.lines ?? []) {
      const py = y.getPixelForValue(line.value);
      if (py < chartArea.top - 0.5 || py > chartArea.bottom + 0.5) continue;
      ctx.save();
      ctx.strokeStyle = line.color;
      ctx.fillStyle = line.color;
      ctx.lineWidth = 1;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(chartArea.left, py);
      ctx.lineTo(chartArea.right, py);
      ctx.stroke();
      ctx.font = `600 ${CHART_FONT.size}px ${CHART_FONT.family}`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      // A light plate under the label keeps it readable where the data line runs through it.
      const width = ctx.measureText(line.label).width;
      ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
      ctx.fillRect(chartArea.right - width - 5, py - CHART_FONT.size - 4, width + 5, CHART_FONT.size + 3);
      ctx.fillStyle = line.color;
      ctx.fillText(line.label, chartArea.right - 2, py - 2);
      ctx.restore();
    }
  },
};

const STRIP_HEIGHT = 5;

/**
 * A thin strip just under the plot, one cell per bucket: the series colour, stronger the more of the
 * bucket the collar covered, grey where it covered none. Drawn in the room the x ticks' padding leaves.
 */
const coverageStrip: Plugin<ChartType> = {
  id: 'coverageStrip',
  afterDraw(chart, _args, options: { coverage?: readonly (number | null)[]; color?: string }) {
    const coverage = options.coverage ?? [];
    const x = chart.scales.x;
    if (!x || coverage.length === 0) return;
    const { ctx, chartArea } = chart;
    const step = coverage.length > 1 ? x.getPixelForValue(1) - x.getPixelForValue(0) : chartArea.width;
    const top = chartArea.bottom + 3;
    ctx.save();
    coverage.forEach((share, index) => {
      if (share === null) return;
      const centre = x.getPixelForValue(index);
      const left = Math.max(chartArea.left, centre - step / 2);
      const right = Math.min(chartArea.right, centre + step / 2);
      if (right <= left) return;
      ctx.fillStyle =
        share === 0 ? NO_COVERAGE_COLOR : withAlpha(options.color ?? '#1b8a7e', 0.2 + 0.8 * share);
      // Cells touch: a hair of overlap avoids seams between them at fractional pixel widths.
      ctx.fillRect(left, top, right - left + 0.5, STRIP_HEIGHT);
    });
    ctx.restore();
  },
};

const MARKER_RADIUS = 4.5;
/** Markers closer than this go on separate rows, so an event at the same hour as another still shows. */
const MARKER_GAP = 11;

/** A marker's x: the category axis is linear in ticks, so a fraction of a tick is that share of a step. */
function markerX(chart: ChartJS, tick: number): number | null {
  const x = chart.scales.x;
  if (!x) return null;
  const { chartArea } = chart;
  const count = chart.data.labels?.length ?? 0;
  const first = x.getPixelForValue(0);
  const step = count > 1 ? x.getPixelForValue(1) - first : chartArea.width;
  const px = first + tick * step;
  return Math.min(chartArea.right, Math.max(chartArea.left, px));
}

interface DrawnMarker {
  marker: ChartMarker;
  x: number;
  y: number;
}

/** Where each marker was last drawn, for the pointer: the plugin and the links read the same places. */
const drawnMarkers = new WeakMap<object, DrawnMarker[]>();

/**
 * Each marker's place on the lane: on the first row unless a marker already there is too close, then on
 * the next (the last row takes the rest, overlapping).
 */
function layOutMarkers(chart: ChartJS, markers: readonly ChartMarker[]): DrawnMarker[] {
  const laneY = chart.chartArea.top - MARKER_LANE;
  const rowsEnd: number[] = Array.from({ length: MARKER_ROWS }, () => Number.NEGATIVE_INFINITY);
  const laid: DrawnMarker[] = [];
  const byX = markers
    .map((marker) => ({ marker, x: markerX(chart, marker.tick) }))
    .filter((entry): entry is { marker: ChartMarker; x: number } => entry.x !== null)
    .sort((a, b) => a.x - b.x);
  for (const { marker, x } of byX) {
    const free = rowsEnd.findIndex((end) => x - end >= MARKER_GAP);
    const row = free < 0 ? MARKER_ROWS - 1 : free;
    rowsEnd[row] = x;
    laid.push({ marker, x, y: laneY - row * MARKER_ROW });
  }
  return laid;
}

/** The marker under the pointer, the last drawn (topmost) when several touch. */
function markerAt(chart: ChartJS, x: number, y: number): ChartMarker | undefined {
  return drawnMarkers.get(chart)?.findLast((drawn) => {
    // A flag flies to the right of its pole.
    const centre = drawn.marker.shape === 'flag' ? drawn.x + 4 : drawn.x;
    const middle = drawn.marker.shape === 'flag' ? drawn.y - 3 : drawn.y;
    return Math.abs(x - centre) <= MARKER_RADIUS + 2 && Math.abs(y - middle) <= MARKER_RADIUS + 2;
  })?.marker;
}

/**
 * The pet's timeline events on the time axis: a dashed guide from the lane above the plot down to the
 * axis, so a change in the vital reads against what happened; a diet's is a solid line under a flag.
 */
const eventMarkers: Plugin<ChartType> = {
  id: 'eventMarkers',
  afterDatasetsDraw(chart, _args, options: { markers?: readonly ChartMarker[] }) {
    const markers = options.markers ?? [];
    const laid = layOutMarkers(chart as ChartJS, markers);
    drawnMarkers.set(chart, laid);
    if (laid.length === 0) return;
    const { ctx, chartArea } = chart;
    ctx.save();
    // One guide per few pixels: a cluster of events (a busy day on a year's chart) reads as one line,
    // not as a hatch over the data.
    let lastGuide = Number.NEGATIVE_INFINITY;
    for (const { marker, x, y } of laid) {
      const flag = marker.shape === 'flag';
      if (!flag && x - lastGuide < 3) continue;
      if (!flag) lastGuide = x;
      ctx.strokeStyle = flag ? marker.color : withAlpha(marker.color, 0.5);
      ctx.lineWidth = flag ? 1.5 : 1;
      ctx.setLineDash(flag ? [] : [3, 3]);
      ctx.beginPath();
      ctx.moveTo(x, flag ? y - 7 : y + MARKER_RADIUS);
      ctx.lineTo(x, chartArea.bottom);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    for (const { marker, x, y } of laid) {
      ctx.fillStyle = marker.color;
      if (marker.shape === 'flag') {
        ctx.beginPath();
        ctx.moveTo(x, y - 7);
        ctx.lineTo(x + 10, y - 3);
        ctx.lineTo(x, y + 1);
        ctx.closePath();
        ctx.fill();
        continue;
      }
      // A white rim keeps touching markers apart; a cross or an asterisk has no inside, so it is drawn
      // in its colour.
      const lines = marker.shape === 'crossRot' || marker.shape === 'star';
      ctx.strokeStyle = lines ? marker.color : '#ffffff';
      drawPoint(
        ctx,
        { pointStyle: marker.shape, radius: MARKER_RADIUS, rotation: 0, borderWidth: lines ? 2 : 1 },
        x,
        y,
      );
    }
    ctx.restore();
  },
};

/** A vertical line at the active bucket, so charts sharing a time axis show the same instant. */
const hoverLine: Plugin<ChartType> = {
  id: 'hoverLine',
  afterDatasetsDraw(chart, _args, options: { enabled?: boolean }) {
    if (!options.enabled) return;
    const active = chart.tooltip?.getActiveElements()[0];
    if (!active) return;
    const x = active.element.x;
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.strokeStyle = 'rgba(73, 80, 87, 0.55)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x, chartArea.top);
    ctx.lineTo(x, chartArea.bottom);
    ctx.stroke();
    ctx.restore();
  },
};

// A synced tooltip may sit on an empty bucket, whose point has no y: place it by x, at the value's
// height when there is one, else in the middle of the plot.
const bucketPosition: TooltipPositionerFunction<ChartType> = function bucket(elements) {
  const first = elements[0];
  if (!first) return false;
  const { chartArea } = this.chart;
  const y = Number.isFinite(first.element.y) ? first.element.y : (chartArea.top + chartArea.bottom) / 2;
  return { x: first.element.x, y };
};
Tooltip.positioners.bucket = bucketPosition;

/** Shows the tooltip of every dataset at `index` (null hides it), as if the pointer were there. */
function showBucket(chart: ChartJS, index: number | null): void {
  const active =
    index === null ? [] : chart.data.datasets.map((_, datasetIndex) => ({ datasetIndex, index }));
  chart.setActiveElements(active);
  chart.tooltip?.setActiveElements(active, { x: 0, y: 0 });
  chart.canvas.dataset.hoverIndex = index === null ? '' : String(index);
  chart.update('none');
}

/**
 * A tracker chart on a canvas. This module is the one that loads Chart.js: import it through
 * `LazyTimeSeriesChart`, never directly, so the library stays out of the pages that draw no chart.
 */
export default function TimeSeriesChart(props: TimeSeriesChartProps) {
  const [placeholder, nearScreen] = useNearScreen();
  const { myTurn, drawn } = useChartTurn(nearScreen);
  const chartRef = useRef<ChartJS | null>(null);
  const { hoverSync } = props;
  const syncRef = useRef(hoverSync);
  syncRef.current = hoverSync;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // A marker opens its event's page, as the timeline's item does; the list under the chart is the way
  // there by keyboard.
  const [markerLinks] = useState<Plugin<ChartType>>(() => ({
    id: 'markerLinks',
    afterEvent(chart, args) {
      const { event } = args;
      if (!drawnMarkers.get(chart)?.length || event.x === null || event.y === null) return;
      const hit = markerAt(chart as ChartJS, event.x, event.y);
      chart.canvas.style.cursor = hit ? 'pointer' : '';
      if (hit && event.type === 'click') void navigateRef.current({ href: hit.link });
    },
  }));
  // After every pointer event on this chart (a move, leaving it), its active bucket goes to the others;
  // an inline plugin rather than an option, so Chart.js never resolves the sync as a scriptable option.
  const [publisher] = useState<Plugin<ChartType>>(() => ({
    id: 'hoverPublish',
    afterEvent(chart, args) {
      if (args.replay) return;
      syncRef.current?.publish(chart.getActiveElements()[0]?.index ?? null, chart);
    },
  }));
  const [plugins] = useState(() => [
    thresholdLines,
    hoverLine,
    coverageStrip,
    eventMarkers,
    publisher,
    markerLinks,
  ]);
  const onChart = useCallback((chart: ChartJS | null) => {
    chartRef.current = chart;
  }, []);
  useEffect(() => {
    if (!hoverSync) return;
    return hoverSync.subscribe((index, source) => {
      const chart = chartRef.current;
      if (!chart) return;
      if (source === chart) {
        chart.canvas.dataset.hoverIndex = index === null ? '' : String(index);
        return;
      }
      showBucket(chart, index !== null && index < (chart.data.labels?.length ?? 0) ? index : null);
    });
  }, [hoverSync]);
  // After the chart's own effect, which built and drew it.
  useEffect(() => {
    if (myTurn) drawn();
  }, [myTurn, drawn]);
  if (!myTurn)
    return <Skeleton ref={placeholder} h="100%" w="100%" role="status" aria-label="Loading the chart" />;
  return <BuiltChart {...props} plugins={plugins} onChart={onChart} />;
}

/**
 * The chart itself, memoised: react-chartjs-2 updates and redraws the whole chart whenever it gets new
 * data or options objects, so a re-render with the same props (a parent's, a hook's) must not build
 * them again.
 */
const BuiltChart = memo(function BuiltChart({
  plugins,
  onChart,
  ...props
}: TimeSeriesChartProps & { plugins: Plugin<ChartType>[]; onChart: (chart: ChartJS | null) => void }) {
  const { data, options } = buildChartConfig(props);
  return (
    <Chart
      ref={(instance) => onChart((instance as unknown as ChartJS | null) ?? null)}
      type={props.type}
      data={data}
      options={options}
      plugins={plugins}
      role="img"
      aria-label={props.ariaLabel}
      fallbackContent={props.ariaLabel}
    />
  );
});
