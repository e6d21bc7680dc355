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
 *
 * Then the same chart reached as a vet usually reaches it, inside the app: Luna's profile is open (cold
 * load, its five vitals drawn), and a click on the respiratory vital's title navigates to the tracker;
 * timed from the click to the tracker's chart painted, beside the plain page drawing the same chart on
 * a click (Chart.js loaded, the data inlined). The app's time includes its two API reads and the route's
 * chunks; the plain page's does not.
 */

import type { Browser } from 'playwright';
import { median } from '../support/load.ts';
import {
  CHART_PAINT_PROBE,
  coldPage,
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

/**
 * The plain page: Chart.js drawing the buckets as the page loads, or (`onClick`) a button whose click
 * adds the chart's canvas and draws it (the in-app probe looks for a canvas that was not there before).
 */
function plainPage(
  buckets: { avg: number | null; min: number | null; max: number | null }[],
  { onClick = false } = {},
): string {
  const labels = buckets.map((_, index) => String(index));
  const config = `{
  type: 'line',
  data: { labels: ${JSON.stringify(labels)}, datasets: [
    { label: 'Lowest', data: buckets.map((b) => b.min), borderWidth: 0, pointRadius: 0, fill: false },
    { label: 'Highest', data: buckets.map((b) => b.max), borderWidth: 0, pointRadius: 0, fill: '-1' },
    { label: 'Average', data: buckets.map((b) => b.avg), borderColor: '#1b8a7e', pointRadius: 1.5 },
  ] },
  options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } } },
}`;
  const draw = onClick
    ? `document.getElementById('draw').addEventListener('click', () => new Chart(
  document.querySelector('[data-testid="time-series-chart"]').appendChild(document.createElement('canvas')),
  ${config},
));`
    : `new Chart(document.querySelector('canvas'), ${config});`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Chart.js</title>
<script src="/chart.umd.min.js"></script></head><body>${onClick ? '<button id="draw">Draw</button>' : ''}
<div data-testid="time-series-chart" style="position:relative;height:340px;width:100%">${onClick ? '' : '<canvas></canvas>'}</div>
<script>
const buckets = ${JSON.stringify(buckets)};
${draw}
</script></body></html>`;
}

/**
 * Opens `startUrl` cold (signed in with `session`), waits until `ready` holds, then clicks `selector`
 * and returns the time from the click to the first frame painted after a chart canvas that was not
 * on the page before the click is drawn.
 */
async function measureClickToPaint(
  browser: Browser,
  startUrl: string,
  options: { session?: Session; ready: () => boolean; selector: string },
): Promise<number> {
  const { context, page } = await coldPage(browser, startUrl, options.session);
  try {
    await page.goto(startUrl);
    await page.waitForFunction(options.ready, null, { timeout: 60_000, polling: 100 });
    await page.waitForLoadState('networkidle');
    // Run through the CDP, not as a string the page's CSP would refuse; globalThis: no DOM types here.
    // No named functions inside: tsx's transform would wrap them in a helper the page does not have.
    await page.evaluate(() => {
      const w = globalThis as unknown as {
        document: {
          querySelectorAll: (
            s: string,
          ) => ArrayLike<{ dataset: Record<string, string>; style: { display: string } }>;
          addEventListener: (t: string, f: () => void, o: object) => void;
        };
        MutationObserver: new (
          cb: (r: unknown, o: { disconnect: () => void }) => void,
        ) => {
          observe: (n: unknown, o: object) => void;
        };
        requestAnimationFrame: (f: () => void) => void;
        performance: { now: () => number };
        __clicked?: number;
        __painted?: number;
      };
      for (const canvas of Array.from(w.document.querySelectorAll('canvas'))) canvas.dataset.before = '1';
      w.document.addEventListener(
        'click',
        () => {
          w.__clicked = w.performance.now();
        },
        { capture: true, once: true },
      );
      new w.MutationObserver((_records, observer) => {
        const drawn = Array.from(w.document.querySelectorAll('canvas')).find(
          (c) => !c.dataset.before && c.style.display === 'block',
        );
        if (!drawn) return;
        observer.disconnect();
        w.requestAnimationFrame(() =>
          setTimeout(() => {
            w.__painted = w.performance.now();
          }, 0),
        );
      }).observe(w.document, { childList: true, subtree: true, attributes: true });
    });
    await page.click(options.selector);
    const handle = await page.waitForFunction(
      () => {
        const w = globalThis as { __clicked?: number; __painted?: number };
        return w.__painted !== undefined && w.__clicked !== undefined ? w.__painted - w.__clicked : undefined;
      },
      null,
      { timeout: 60_000, polling: 50 },
    );
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

const browser = await launchChromium();

// globalThis, not window: this script is type-checked without the DOM's globals.
const painted = () => (globalThis as { __chartPainted?: number }).__chartPainted;
const measure = (url: string, session?: Session) =>
  measurePaint(browser, url, { session, probe: CHART_PAINT_PROBE, read: painted }).then(Number);

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

// In the app: from the profile (its five vitals drawn) to the tracker, by the respiratory vital's link.
const vitalsDrawn = () => {
  const d = (
    globalThis as {
      document?: { querySelectorAll: (s: string) => ArrayLike<{ style: { display: string } }> };
    }
  ).document;
  return (
    Array.from(d?.querySelectorAll('[data-testid="vitals-panel"] canvas') ?? []).filter(
      (canvas) => canvas.style.display === 'block',
    ).length >= 4
  );
};
const plainClick = await servePlain(plainPage(buckets, { onClick: true }));
const clicks = new Map<string, number[]>([
  ['plain Chart.js', []],
  ...targets.map((t) => [t.name, []] as [string, number[]]),
]);
for (let run = 0; run < RUNS; run += 1) {
  clicks
    .get('plain Chart.js')
    ?.push(await measureClickToPaint(browser, plainClick.url, { ready: () => true, selector: '#draw' }));
  for (const target of targets) {
    clicks.get(target.name)?.push(
      await measureClickToPaint(browser, `${target.url}/pets/${LUNA}`, {
        session: sessions.get(target.name),
        ready: vitalsDrawn,
        selector: `[data-testid="vital-respiratoryRate"] a[href$="${tracker}"]`,
      }),
    );
  }
}
plainClick.close();
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

const clickBaseline = median(clicks.get('plain Chart.js') ?? []);
console.log(
  `\nIn the app: a click on the profile's respiratory vital to the tracker's chart painted (plain page: a click to its chart painted), median of ${RUNS}, CPU ×${THROTTLE}`,
);
for (const [name, values] of clicks) {
  const value = median(values);
  console.log(
    `${name.padEnd(16)} ${value.toFixed(0).padStart(6)} ms  ${(value / clickBaseline).toFixed(2)}× plain   runs: ${values.map((v) => v.toFixed(0)).join(' ')}`,
  );
}
