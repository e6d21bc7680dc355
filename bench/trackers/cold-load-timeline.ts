/**
 * Where a cold load of Luna's respiratory tracker spends its time, request by request: for each of
 * BENCH_TARGETS (running servers on a seeded database, as for the paint benches), `BENCH_RUNS` (5) cold
 * loads, each with its first paint, first contentful paint and chart painted (the probe of
 * `bench:trackers:paint`); then, for the first run of each target, every request the page made with when
 * it started and ended (ms from navigation), its path and the bytes it took. This shows what the chart
 * waits for: scripts, the session check, the pet, its own data or the main thread.
 *
 *   BENCH_TARGETS="before=http://127.0.0.1:4101,after=http://127.0.0.1:4102" npm run bench:trackers:timeline
 *
 * `BENCH_LATENCY_MS=100` adds that much latency to every request with Chrome's network emulation. Over
 * HTTP/2 that emulation stalls some loads for good (bench/README.md, 27 Nov 2026): use `http://` targets
 * with it. `BENCH_CPU_THROTTLE` as for the paint benches.
 */
import { CHART_PAINT_PROBE, coldPage, LUNA, launchChromium, paintTargets, signIn } from '../support/paint.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);

interface Timeline {
  painted: number;
  firstPaint: number;
  firstContentfulPaint: number;
  requests: { start: number; end: number; path: string; bytes: number }[];
}

const targets = paintTargets();
const browser = await launchChromium();
const tracker = `/pets/${LUNA}/respiratory-history`;
try {
  for (const target of targets) {
    const session = await signIn(target.url);
    const runs: Timeline[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await coldPage(browser, target.url, session, CHART_PAINT_PROBE);
      try {
        if (LATENCY_MS > 0) {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: LATENCY_MS,
            downloadThroughput: -1,
            uploadThroughput: -1,
          });
        }
        await page.goto(`${target.url}${tracker}`);
        await page.waitForFunction(() => (globalThis as { __chartPainted?: number }).__chartPainted, null, {
          timeout: 60_000,
          polling: 50,
        });
        // Runs in the page (the CSP forbids evaluating strings); typed without the DOM's globals.
        runs.push(
          await page.evaluate(() => {
            type Entry = { name: string; startTime: number; responseEnd?: number; transferSize?: number };
            const g = globalThis as unknown as {
              __chartPainted: number;
              performance: { getEntriesByType: (type: string) => Entry[] };
            };
            // No named functions in here: tsx would wrap them in a helper the page does not have.
            const paints = new Map(
              g.performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]),
            );
            return {
              painted: g.__chartPainted,
              firstPaint: paints.get('first-paint') ?? Number.NaN,
              firstContentfulPaint: paints.get('first-contentful-paint') ?? Number.NaN,
              requests: g.performance.getEntriesByType('resource').map((entry) => ({
                start: entry.startTime,
                end: entry.responseEnd ?? entry.startTime,
                path: entry.name.replace(/^https?:\/\/[^/]+/, ''),
                bytes: entry.transferSize ?? 0,
              })),
            };
          }),
        );
      } finally {
        await context.close();
      }
    }
    const ms = (value: number) => String(Math.round(value)).padStart(5);
    const sorted = runs.map((run) => run.painted).sort((a, b) => a - b);
    console.log(
      `\n${target.name}: chart painted, median of ${RUNS}: ${Math.round(sorted[Math.floor(RUNS / 2)] ?? NaN)} ms` +
        (LATENCY_MS ? ` (latency ${LATENCY_MS} ms emulated)` : ''),
    );
    for (const [index, run] of runs.entries()) {
      console.log(
        `  run ${index + 1}: first paint ${ms(run.firstPaint)}, first contentful paint ${ms(run.firstContentfulPaint)}, chart painted ${ms(run.painted)}`,
      );
    }
    const [first] = runs;
    if (first) {
      console.log('  requests of run 1 (start → end ms, bytes, path):');
      for (const request of [...first.requests].sort((a, b) => a.start - b.start)) {
        console.log(
          `  ${ms(request.start)} → ${ms(request.end)} ${String(request.bytes).padStart(7)}  ${request.path}`,
        );
      }
    }
  }
} finally {
  await browser.close();
}
