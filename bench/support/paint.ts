/**
 * What the paint benches share: the running servers to compare (BENCH_TARGETS), signing the demo head
 * vet in, a headless Chromium, and one cold measurement: a new context (empty cache) signed in, a
 * probe script that sets a global when what is measured is on screen, and the time it read.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';

export const LUNA = '0190b3c2-4e5a-7a01-8c11-000000000003';
const EMAIL = process.env.BENCH_EMAIL ?? 'head.vet@example.com';
const CHOSEN_PASSWORD = process.env.BENCH_PASSWORD ?? process.env.DEMO_PASSWORD;
const PASSWORDS = CHOSEN_PASSWORD ? [CHOSEN_PASSWORD] : ['demo-password-123', 'vetboard-demo-2026'];
export const RUNS = Number(process.env.BENCH_RUNS ?? 7);
export const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);

/**
 * Records in `window.__chartPainted` when the first tracker chart is drawn: the frame after Chart.js
 * took its canvas over and the page painted. Shared by the chart paint bench and the cold-load timeline,
 * so both time the same moment.
 */
export const CHART_PAINT_PROBE = `
  new MutationObserver((_records, observer) => {
    const canvas = document.querySelector('[data-testid="time-series-chart"] canvas');
    // Chart.js styles its canvas when it takes it over, and draws in the same task (no animation).
    if (!canvas || canvas.style.display !== 'block') return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__chartPainted = performance.now(); }, 0));
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

export interface PaintTarget {
  name: string;
  url: string;
}

/**
 * BENCH_TARGETS="before=http://127.0.0.1:4101,after=http://127.0.0.1:4102", the running servers a
 * browser bench (paint, first load) compares; exits when unset.
 */
export function paintTargets(): PaintTarget[] {
  const targets = (process.env.BENCH_TARGETS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [name, url] = entry.split('=');
      if (!name || !url) throw new Error(`BENCH_TARGETS entry "${entry}" is not name=url`);
      return { name, url: url.replace(/\/$/, '') };
    });
  if (targets.length === 0) {
    console.error(
      'Set BENCH_TARGETS="after=http://host:port[,before=…]" (running servers on a seeded database).',
    );
    process.exit(1);
  }
  // An https target is a local server with a self-signed certificate (README: HTTPS and HTTP/2): what
  // the bench asks itself (the sign-in, file sizes) must accept it too.
  if (targets.some((target) => target.url.startsWith('https:')))
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return targets;
}

export interface Session {
  cookies: { name: string; value: string }[];
  vet: unknown;
}

/**
 * The demo head vet's (or BENCH_EMAIL's) session on `baseUrl`, signed in over the API as the login page
 * would: BENCH_PASSWORD or DEMO_PASSWORD when set, else the e2e database's password, else the dev seed's.
 */
export async function signIn(baseUrl: string): Promise<Session> {
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

export const cookieHeader = (session: Session) =>
  session.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A page in a new context (empty cache, 1440 × 900, CPU slowed by `BENCH_CPU_THROTTLE`), signed in on
 * `url`'s origin with `session` when given, with `probe` run before the page's own scripts. Not yet
 * navigated; the caller closes the context.
 */
export async function coldPage(
  browser: Browser,
  url: string,
  session?: Session,
  probe?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    // Benches run against local servers; an https one has a self-signed certificate.
    ignoreHTTPSErrors: url.startsWith('https:'),
  });
  if (session) {
    await context.addCookies(session.cookies.map((cookie) => ({ ...cookie, url: new URL(url).origin })));
    const state = JSON.stringify({ loggedIn: true, vet: session.vet });
    await context.addInitScript(`localStorage.setItem('vetboard.auth', ${JSON.stringify(state)})`);
  }
  if (probe) await context.addInitScript(probe);
  const page = await context.newPage();
  if (THROTTLE > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  }
  return { context, page };
}

/**
 * Opens `url` in a cold context (signed in with `session`), with `probe` run before the page's own
 * scripts, and returns what `read` gives once it is truthy (a time from `performance.now()`, or an
 * object of them). The CSP forbids evaluating strings, so `read` is a function, type-checked without
 * the DOM's globals (hence `globalThis`).
 */
export async function measurePaint<T>(
  browser: Browser,
  url: string,
  options: { session?: Session; probe: string; read: () => T | undefined },
): Promise<T> {
  const { context, page } = await coldPage(browser, url, options.session, options.probe);
  try {
    await page.goto(url);
    const handle = await page.waitForFunction(options.read, null, { timeout: 60_000, polling: 50 });
    return (await handle.jsonValue()) as T;
  } finally {
    await context.close();
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The plain page a bench compares with: its HTML, and Chart.js's UMD build at `/chart.umd.min.js`. */
export async function servePlain(html: string): Promise<{ url: string; close: () => void }> {
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
