/**
 * The pet profile's first paint with its vitals panel: from navigation to the five vitals drawn
 * (each chart's canvas taken over and painted by Chart.js, or its "no readings" box), beside a plain
 * page drawing the same five series with Chart.js and nothing else. For each running server of
 * BENCH_TARGETS, a cold headless Chromium (new context, empty cache) opens Luna's profile signed in;
 * the plain page is one HTML file served by this script, with Chart.js's UMD build and the very buckets
 * the first target's vitals endpoint returns inlined. Also read on the app: its first contentful
 * paint and when the vitals response arrived. Runs interleave between targets, so a busy machine
 * slows each alike; reports medians of BENCH_RUNS (7) and each target ÷ the plain page.
 *
 *   BENCH_TARGETS="before=http://127.0.0.1:4101,after=http://127.0.0.1:4102" npm run bench:vitals:paint
 *
 * `BENCH_VITALS_RANGE` (90d: Luna has a weight in it, so all five are charts; the profile opens on
 * 7d), `BENCH_CPU_THROTTLE` (1; 4 is Lighthouse's mobile preset), `BENCH_PASSWORD` as for the chart bench.
 */
import os from 'node:os';
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

const RANGE = process.env.BENCH_VITALS_RANGE ?? '90d';
const KINDS = ['respiratoryRate', 'heartRate', 'weight', 'drinking', 'shaking'] as const;
const targets = paintTargets();

interface Reading {
  painted: number;
  charts: number;
  fcp: number | null;
  vitalsResponse: number | null;
}

/**
 * Sets `__vitalsPainted` at the first frame after every vital of the panel is on screen: its canvas
 * styled by Chart.js (which draws in the same task, without animation) or its empty box.
 */
const PAINT_PROBE = `
  new MutationObserver((_records, observer) => {
    const panel = document.querySelector('[data-testid="vitals-panel"]');
    if (!panel) return;
    let charts = 0;
    for (const kind of ${JSON.stringify(KINDS)}) {
      const row = panel.querySelector('[data-testid="vital-' + kind + '"]');
      if (!row) return;
      const canvas = row.querySelector('[data-testid="time-series-chart"] canvas');
      if (canvas && canvas.style.display === 'block') charts += 1;
      else if (!row.querySelector('[data-testid="vital-empty"]')) return;
    }
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const vitals = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/vitals?'));
      window.__vitalsPainted = {
        painted: performance.now(),
        charts,
        fcp: fcp ? fcp.startTime : null,
        vitalsResponse: vitals ? vitals.responseEnd : null,
      };
    }, 0));
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

type Buckets = { avg: number | null; sum: number | null }[];

function plainPage(vitals: Record<string, { buckets: Buckets }>): string {
  const series = KINDS.map((kind) => ({
    kind,
    bar: kind === 'drinking' || kind === 'shaking',
    values: (vitals[kind]?.buckets ?? []).map((b) =>
      kind === 'drinking' || kind === 'shaking' ? b.sum : b.avg,
    ),
  }));
  return `<!doctype html><html><head><meta charset="utf-8"><title>Chart.js ×5</title>
<script src="/chart.umd.min.js"></script></head><body>
<div data-testid="vitals-panel">${KINDS.map(
    (kind) =>
      `<div data-testid="vital-${kind}"><div data-testid="time-series-chart" style="position:relative;height:120px;width:100%"><canvas></canvas></div></div>`,
  ).join('')}</div>
<script>
for (const s of ${JSON.stringify(series)}) {
  new Chart(document.querySelector('[data-testid="vital-' + s.kind + '"] canvas'), {
    type: s.bar ? 'bar' : 'line',
    data: { labels: s.values.map((_, i) => String(i)), datasets: [{ data: s.values, borderColor: '#1b8a7e', backgroundColor: '#1b8a7e', pointRadius: 1.5, spanGaps: s.kind === 'weight' }] },
    options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } } },
  });
}
</script></body></html>`;
}

const browser = await launchChromium();
// globalThis, not window: this script is type-checked without the DOM's globals.
const read = () => (globalThis as { __vitalsPainted?: Reading }).__vitalsPainted;
const measure = (url: string, session?: Session) =>
  measurePaint(browser, url, { session, probe: PAINT_PROBE, read });

const sessions = new Map<string, Session>();
for (const target of targets) sessions.set(target.name, await signIn(target.url));
const [first] = targets;
const firstSession = sessions.get(first?.name ?? '');
if (!first || !firstSession) throw new Error('no target');
const answer = await fetch(`${first.url}/v1/pets/${LUNA}/vitals?range=${RANGE}`, {
  headers: { cookie: cookieHeader(firstSession) },
});
if (!answer.ok) throw new Error(`The vitals answered ${answer.status}`);
const { vitals } = (await answer.json()) as { vitals: Record<string, { buckets: Buckets }> };
const plain = await servePlain(plainPage(vitals));

const PLAIN = 'plain Chart.js ×5';
const results = new Map<string, Reading[]>([
  [PLAIN, []],
  ...targets.map((t) => [t.name, []] as [string, Reading[]]),
]);
const profile = `/pets/${LUNA}${RANGE === '7d' ? '' : `?vitals=${RANGE}`}`;
const loadBefore = os.loadavg();
await measure(plain.url); // warms Chromium itself, not any cache (each run is a new context)
for (let run = 0; run < RUNS; run += 1) {
  results.get(PLAIN)?.push(await measure(plain.url));
  for (const target of targets) {
    results.get(target.name)?.push(await measure(`${target.url}${profile}`, sessions.get(target.name)));
  }
}
plain.close();
await browser.close();
const loadAfter = os.loadavg();

const ms = (value: number | null) => (value === null ? '—' : value.toFixed(0)).padStart(6);
const medianOf = (readings: Reading[], pick: (r: Reading) => number | null) => {
  const values = readings.map(pick).filter((v): v is number => v !== null);
  return values.length === 0 ? null : median(values);
};
const baseline = medianOf(results.get(PLAIN) ?? [], (r) => r.painted) ?? 1;
const points = vitals[KINDS[0]]?.buckets.length ?? 0;
console.log(
  `Luna's profile, vitals panel (${RANGE}, ${points} buckets a chart), navigation to all five painted, median of ${RUNS}, CPU ×${THROTTLE}`,
);
console.log(
  `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after, ${os.cpus().length} cores`,
);
console.log(`${''.padEnd(18)}  painted   ×plain     FCP  vitals in  charts  runs (painted)`);
for (const [name, readings] of results) {
  const painted = medianOf(readings, (r) => r.painted) ?? 0;
  console.log(
    `${name.padEnd(18)} ${ms(painted)} ms ${(painted / baseline).toFixed(2).padStart(6)}× ${ms(medianOf(readings, (r) => r.fcp))} ms ${ms(medianOf(readings, (r) => r.vitalsResponse))} ms ${String(Math.min(...readings.map((r) => r.charts))).padStart(6)}   ${readings.map((r) => r.painted.toFixed(0)).join(' ')}`,
  );
}
