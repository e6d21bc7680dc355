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
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const LUNA = '0190b3c2-4e5a-7a01-8c11-000000000003';
const EMAIL = 'head.vet@example.com';
const PASSWORDS = process.env.BENCH_PASSWORD
  ? [process.env.BENCH_PASSWORD]
  : ['demo-password-123', 'vetboard-demo-2026'];
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const targets = (process.env.BENCH_TARGETS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [name = '', url = ''] = entry.split('=');
    return { name, url: url.replace(/\/$/, '') };
  });
if (targets.length === 0) {
  console.error(
    'Set BENCH_TARGETS="after=http://host:port[,before=…]" (running servers on a seeded database).',
  );
  process.exit(1);
}

interface Session {
  cookies: { name: string; value: string }[];
  vet: unknown;
}

async function signIn(baseUrl: string): Promise<Session> {
  for (const password of PASSWORDS) {
    const response = await fetch(`${baseUrl}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password }),
    });
    if (!response.ok) continue;
    const cookies = response.headers.getSetCookie().map((cookie) => {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('=') };
    });
    const { vet } = (await response.json()) as { vet: unknown };
    return { cookies, vet };
  }
  throw new Error(`No demo password signs ${EMAIL} in on ${baseUrl}`);
}

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

async function servePlain(html: string): Promise<{ url: string; close: () => void }> {
  const chartJs = fs.readFileSync(path.join(repoRoot, 'node_modules/chart.js/dist/chart.umd.min.js'));
  const server = http.createServer((request, response) => {
    if (request.url === '/chart.umd.min.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(chartJs);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function measure(url: string, session?: Session): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    if (session) {
      await context.addCookies(session.cookies.map((cookie) => ({ ...cookie, url: new URL(url).origin })));
      const state = JSON.stringify({ loggedIn: true, vet: session.vet });
      await context.addInitScript(`localStorage.setItem('vetboard.auth', ${JSON.stringify(state)})`);
    }
    await context.addInitScript(PAINT_PROBE);
    const page = await context.newPage();
    if (THROTTLE > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    }
    await page.goto(url);
    // globalThis, not window: this script is type-checked without the DOM's globals (and the app's CSP
    // forbids evaluating a string).
    const handle = await page.waitForFunction(
      () => (globalThis as { __chartPainted?: number }).__chartPainted,
      null,
      { timeout: 60_000, polling: 50 },
    );
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const sessions = new Map<string, Session>();
for (const target of targets) sessions.set(target.name, await signIn(target.url));
const [first] = targets;
const firstSession = sessions.get(first?.name ?? '');
if (!first || !firstSession) throw new Error('no target');
const chart = await fetch(`${first.url}/v1/pets/${LUNA}/respiratory-history/chart?scope=week`, {
  headers: { cookie: firstSession.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
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
