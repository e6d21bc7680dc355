/**
 * Lighthouse on a cold load of five screens, desktop and mobile presets, for one or more
 * running servers side by side (runs interleave, so a busy machine slows every target alike).
 *
 *   BENCH_TARGETS="before=http://127.0.0.1:4101,after=http://127.0.0.1:4102" npm run bench:first-load
 *
 * Each target must be a running `npm start` with the demo data (the same database for a fair pair).
 * Reports the median of BENCH_RUNS (3) runs per screen and preset: the performance and accessibility scores, FCP, LCP,
 * TBT, and the gzip bytes of scripts and style sheets the screen downloaded.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { LUNA, paintTargets, type Session, signIn } from '../support/paint.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Where to keep each run's full Lighthouse report (JSON), to see what a score is made of. */
const SAVE_DIR = process.env.BENCH_SAVE_DIR;
const PRESETS = (process.env.BENCH_PRESETS ?? 'desktop,mobile').split(',') as ('desktop' | 'mobile')[];

const SCREENS: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'list (vets)', path: '/vets', signedIn: true },
  { name: 'pet profile', path: `/pets/${LUNA}`, signedIn: true },
  { name: 'tracker (respiratory)', path: `/pets/${LUNA}/respiratory-history`, signedIn: true },
];
const only = process.env.BENCH_SCREENS?.split(',');
const screens = only ? SCREENS.filter((s) => only.includes(s.name.split(' ')[0] ?? '')) : SCREENS;

const targets = paintTargets();
// A self-signed certificate, which the bench's own requests already accept (`paintTargets`).
const anyHttps = targets.some((target) => target.url.startsWith('https:'));

interface Sample {
  score: number;
  /** Lighthouse's accessibility score (its axe-core checks), beside the browser suite's own axe run. */
  a11y: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** The gzip size of every script the screen loaded, whatever the server sent. */
  scriptKb: number;
  /** The bytes the server sent for them to a browser accepting br and gzip. */
  scriptWireKb: number;
  cssKb: number;
  cssWireKb: number;
  requests: number;
  /** Lighthouse's CPU benchmark of the machine during the run: low means a busy or slow host, which inflates TBT. */
  benchmarkIndex: number;
}

interface NetworkRequest {
  url?: string;
  resourceType?: string;
}

const sizeCache = new Map<string, Promise<{ gzip: number; wire: number }>>();

/**
 * Chrome's own transfer sizes read 0 for some HTTP/1.1 answers, so sizes are taken here: the body as
 * sent to `Accept-Encoding: br, gzip`, and the gzip -6 size of the plain file (the issue's yardstick).
 */
function fileSizes(url: string): Promise<{ gzip: number; wire: number }> {
  const cached = sizeCache.get(url);
  if (cached) return cached;
  const get = (encoding: string) =>
    new Promise<Buffer>((resolve, reject) => {
      (url.startsWith('https:') ? https : http)
        .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks)));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  const sizes = Promise.all([get('br, gzip'), get('identity')]).then(([wire, plain]) => ({
    wire: wire.length,
    gzip: zlib.gzipSync(plain).length,
  }));
  sizeCache.set(url, sizes);
  return sizes;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  // An https target is a local server with a self-signed certificate (README: HTTPS and HTTP/2).
  ...(anyHttps ? ['--ignore-certificate-errors'] : []),
];

/**
 * One cold load in a fresh browser profile (empty HTTP cache). A signed-in screen first gets the
 * session cookies and the app's stored login state on /robots.txt, which loads none of the app's files.
 */
async function measure(url: string, preset: 'desktop' | 'mobile', session?: Session): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    return await measureIn(chrome.port, url, preset, session);
  } finally {
    chrome.kill();
  }
}

async function measureIn(port: number, url: string, preset: 'desktop' | 'mobile', session?: Session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  if (session) {
    const { origin, hostname } = new URL(url);
    await page.goto(`${origin}/robots.txt`);
    await browser.setCookie(...session.cookies.map((cookie) => ({ ...cookie, domain: hostname, path: '/' })));
    const state = JSON.stringify({ loggedIn: true, vet: session.vet });
    await page.evaluate(`localStorage.setItem('vetboard.auth', ${JSON.stringify(state)})`);
  }
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The profile is new, so the cache is cold anyway; resetting storage would sign the vet out.
    disableStorageReset: Boolean(session),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined, page);
  await browser.disconnect();
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true });
    const name = `${preset}-${new URL(url).port}-${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const finalUrl = lhr.finalDisplayedUrl ?? '';
  if (session && finalUrl.includes('/login'))
    throw new Error(`${url} ended on the login page: not signed in`);
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ??
    []) as NetworkRequest[];
  const sizes = async (type: string) => {
    const urls = requests.filter((r) => r.resourceType === type && r.url).map((r) => r.url ?? '');
    const all = await Promise.all(urls.map(fileSizes));
    return {
      gzipKb: all.reduce((sum, size) => sum + size.gzip, 0) / 1024,
      wireKb: all.reduce((sum, size) => sum + size.wire, 0) / 1024,
    };
  };
  const [scripts, styles] = await Promise.all([sizes('Script'), sizes('Stylesheet')]);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    scriptKb: scripts.gzipKb,
    scriptWireKb: scripts.wireKb,
    cssKb: styles.gzipKb,
    cssWireKb: styles.wireKb,
    requests: requests.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): that run is
 * taken again, in a new browser, rather than losing the whole bench.
 */
async function measureWithRetries(
  baseUrl: string,
  screen: (typeof SCREENS)[number],
  preset: 'desktop' | 'mobile',
): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      const session = screen.signedIn ? await signIn(baseUrl) : undefined;
      return await measure(`${baseUrl}${screen.path}`, preset, session);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`${preset} ${screen.name} ${baseUrl}: ${(error as Error).message}; again\n`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const samples = new Map<string, Sample[]>();
for (const preset of PRESETS) {
  for (const screen of screens) {
    for (let run = 0; run < RUNS; run++) {
      // Interleaved: before, after, before, after… so a slowdown of the machine hits both.
      for (const target of run % 2 ? [...targets].reverse() : targets) {
        const sample = await measureWithRetries(target.url, screen, preset);
        const key = `${preset}|${screen.name}|${target.name}`;
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        process.stderr.write(
          `${preset} ${screen.name} ${target.name} run ${run + 1}: ${sample.score} (JS ${sample.scriptKb.toFixed(0)} KB)\n`,
        );
      }
    }
  }
}

console.log(
  `\nLighthouse ${RUNS} cold runs per cell, medians; JS/CSS: gzip size of the files loaded, and bytes sent to a br+gzip browser\n`,
);
console.log(
  '| preset | screen | target | score | a11y | FCP ms | LCP ms | TBT ms | JS gzip KB | JS sent KB | CSS gzip KB | CSS sent KB | requests | CPU index |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const preset of PRESETS) {
  for (const screen of screens) {
    for (const target of targets) {
      const list = samples.get(`${preset}|${screen.name}|${target.name}`) ?? [];
      const m = (pick: (s: Sample) => number) => median(list.map(pick));
      console.log(
        `| ${preset} | ${screen.name} | ${target.name} | ${m((s) => s.score)} | ${m((s) => s.a11y)} | ${m((s) => s.fcp).toFixed(0)} | ${m((s) => s.lcp).toFixed(0)} | ${m((s) => s.tbt).toFixed(0)} | ${m((s) => s.scriptKb).toFixed(1)} | ${m((s) => s.scriptWireKb).toFixed(1)} | ${m((s) => s.cssKb).toFixed(1)} | ${m((s) => s.cssWireKb).toFixed(1)} | ${m((s) => s.requests)} | ${m((s) => s.benchmarkIndex).toFixed(0)} |`,
      );
    }
  }
}

// The budgets the dashboard is held to, checked on the medians above.
const JS_BUDGET_KB: Record<string, number> = { login: 170, home: 250 };
const CSS_BUDGET_KB = 30;
const SCORE_FLOOR = { desktop: 90, mobile: 70 };
console.log(
  '\nBudgets (JS gzip: /login ≤ 170 KB, / ≤ 250 KB; CSS ≤ 30 KB; performance ≥ 90 desktop, ≥ 70 mobile):',
);
for (const target of targets) {
  const misses: string[] = [];
  for (const preset of PRESETS) {
    for (const screen of screens) {
      const list = samples.get(`${preset}|${screen.name}|${target.name}`) ?? [];
      const m = (pick: (s: Sample) => number) => median(list.map(pick));
      const key = screen.name.split(' ')[0] ?? '';
      const jsBudget = JS_BUDGET_KB[key];
      if (preset === PRESETS[0] && jsBudget !== undefined && m((s) => s.scriptKb) > jsBudget)
        misses.push(`${screen.name} JS ${m((s) => s.scriptKb).toFixed(1)} KB > ${jsBudget}`);
      if (preset === PRESETS[0] && m((s) => s.cssKb) > CSS_BUDGET_KB)
        misses.push(`${screen.name} CSS ${m((s) => s.cssKb).toFixed(1)} KB > ${CSS_BUDGET_KB}`);
      if (m((s) => s.score) < SCORE_FLOOR[preset])
        misses.push(`${preset} ${screen.name} performance ${m((s) => s.score)} < ${SCORE_FLOOR[preset]}`);
    }
  }
  console.log(`- ${target.name}: ${misses.length ? `missed: ${misses.join('; ')}` : 'all met'}`);
}
