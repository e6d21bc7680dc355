/**
 * The respiratory week chart, from navigation to painted, beside a plain Chart.js page drawing the
 * same points (target: the app within 1.5× of the plain page). For each running server of
 * BENCH_TARGETS, a cold headless Chromium (new context, empty cache) opens Luna's respiratory tracker
 * signed in; the plain page is one HTML file served by this script, with Chart.js's UMD build and the
 * very buckets the first target's API returns inlined. Both record `performance.now()` at the first
 * animation frame after the chart's canvas is in the page and drawn. Runs interleave between targets,
 * so a busy machine slows each alike; reports medians of BENCH_RUNS (7) and each target ÷ the plain page.
 *
 *   BENCH_TARGETS="before=http://127.0.0.1:4101,after=http://127.0.0.1:4102" npm run bench:trackers:paint
 *
 * `BENCH_CPU_THROTTLE` (1) slows the CPU as Lighthouse's mobile preset does (4); `BENCH_PASSWORD` is the
 * demo vets' password (the e2e database's, else the dev seed's, are tried when unset).
 */
import { median } from '../support/load.ts';
import {
  cookieHeader,
  LUNA,
  launchChromium,
  measurePaint,
  paintTargets,
  RUNS,
  type Session,
  servePlain,
  signIn,
  THROTTLE,
} from '../support/paint.ts';

const targets = paintTargets();

/** Records when the first chart canvas is drawn: the frame after Chart.js sized it and the page painted. */
const PAINT_PROBE = `
  new MutationObserver((_records, observer) => {
    const canvas = document.querySelector('[data-testid="time-series-chart"] canvas');
    // Chart.js styles its canvas when it takes it over, and draws in the same task (no animation).
    if (!canvas || canvas.style.display !== 'block') return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__chartPainted = performance.now(); }, 0));
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

function plainPage(buckets: { avg: number | null; min: number | null; max: number | null }[]): string {
  const labels = buckets.map((_, index) => String(index));
  return `<!doctype html><html><head><meta charset="utf-8"><title>Chart.js</title>
<script src="/chart.umd.min.js"></script></head><body>
<div data-testid="time-series-chart" style="position:relative;height:340px;width:100%"><canvas></canvas></div>
<script>
const buckets = ${JSON.stringify(buckets)};
new Chart(document.querySelector('canvas'), {
  type: 'line',
  data: { labels: ${JSON.stringify(labels)}, datasets: [
    { label: 'Lowest', data: buckets.map((b) => b.min), borderWidth: 0, pointRadius: 0, fill: false },
    { label: 'Highest', data: buckets.map((b) => b.max), borderWidth: 0, pointRadius: 0, fill: '-1' },
    { label: 'Average', data: buckets.map((b) => b.avg), borderColor: '#1b8a7e', pointRadius: 1.5 },
  ] },
  options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } } },
});
</script></body></html>`;
}

const browser = await launchChromium();

// globalThis, not window: this script is type-checked without the DOM's globals.
const painted = () => (globalThis as { __chartPainted?: number }).__chartPainted;
const measure = (url: string, session?: Session) =>
  measurePaint(browser, url, { session, probe: PAINT_PROBE, read: painted }).then(Number);

const sessions = new Map<string, Session>();
for (const target of targets) sessions.set(target.name, await signIn(target.url));
const [first] = targets;
const firstSession = sessions.get(first?.name ?? '');
if (!first || !firstSession) throw new Error('no target');
const chart = await fetch(`${first.url}/v1/pets/${LUNA}/respiratory-history/chart?scope=week`, {
  headers: { cookie: cookieHeader(firstSession) },
});
if (!chart.ok) throw new Error(`The chart answered ${chart.status}`);
const { buckets } = (await chart.json()) as {
  buckets: { avg: number | null; min: number | null; max: number | null }[];
};
const plain = await servePlain(plainPage(buckets));

const results = new Map<string, number[]>([
  ['plain Chart.js', []],
  ...targets.map((t) => [t.name, []] as [string, number[]]),
]);
const tracker = `/pets/${LUNA}/respiratory-history`;
await measure(plain.url); // warms Chromium itself, not any cache (each run is a new context)
for (let run = 0; run < RUNS; run += 1) {
  results.get('plain Chart.js')?.push(await measure(plain.url));
  for (const target of targets) {
    results.get(target.name)?.push(await measure(`${target.url}${tracker}`, sessions.get(target.name)));
  }
}
plain.close();
await browser.close();

const baseline = median(results.get('plain Chart.js') ?? []);
console.log(
  `Respiratory week chart (${buckets.length} points), navigation to painted, median of ${RUNS}, CPU ×${THROTTLE}`,
);
for (const [name, values] of results) {
  const value = median(values);
  console.log(
    `${name.padEnd(16)} ${value.toFixed(0).padStart(6)} ms  ${(value / baseline).toFixed(2)}× plain   runs: ${values.map((v) => v.toFixed(0)).join(' ')}`,
  );
}
