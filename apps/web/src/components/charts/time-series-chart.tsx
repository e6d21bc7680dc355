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
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { buildChartConfig, CHART_FONT, CHART_TEXT_COLOR, type TimeSeriesChartProps } from './chart-config.ts';

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

/**
 * A tracker chart on a canvas. This module is the one that loads Chart.js: import it through
 * `LazyTimeSeriesChart`, never directly, so the library stays out of the pages that draw no chart.
 */
export default function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { data, options } = buildChartConfig(props);
  return (
    <Chart
      type={props.type}
      data={data}
      options={options}
      plugins={[thresholdLines]}
      role="img"
      aria-label={props.ariaLabel}
      fallbackContent={props.ariaLabel}
    />
  );
}
