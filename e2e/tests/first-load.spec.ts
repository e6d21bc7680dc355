import zlib from 'node:zlib';
import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, LUNA } from '../support/demo.ts';
import { test } from '../support/test.ts';

/** What the first visit downloads, as the built app serves it. */
test.describe('first load', () => {
  test('scripts and styles go out pre-compressed, and no source map is served', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const brotli = await request.get(asset, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.status(), asset).toBe(200);
      const size = Number(brotli.headers()['content-length'] ?? '0');
      // The build keeps files under 1 KB as they are: compressing them gains nothing.
      if (size > 1024 || brotli.headers()['content-encoding']) {
        expect(brotli.headers()['content-encoding'], asset).toBe('br');
      }
      const map = await request.get(`${asset}.map`);
      expect(map.status(), `${asset}.map`).toBe(404);
    }
    const entry = assets.find((asset) => /\/index-[^/]+\.js$/.test(asset));
    expect(entry).toBeDefined();
    const gzip = await request.get(entry ?? '', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const plain = await (
      await request.get(entry ?? '', { headers: { 'accept-encoding': 'identity' } })
    ).text();
    expect(plain).not.toContain('sourceMappingURL');
  });

  test('robots are told to stay out', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    expect((await request.get('/login')).headers()['x-robots-tag']).toBe('noindex, nofollow');
  });
});

/** Issue #11's yardstick: the gzip (level 6) size of every script and style sheet a page downloaded. */
function recordDownloads(page: Page): Set<string> {
  const assets = new Set<string>();
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) assets.add(request.url());
  });
  return assets;
}

async function gzipKb(request: APIRequestContext, urls: Iterable<string>, extension: string) {
  let bytes = 0;
  for (const url of urls) {
    if (!new URL(url).pathname.endsWith(extension)) continue;
    const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
    bytes += zlib.gzipSync(await plain.body(), { level: 6 }).length;
  }
  return bytes / 1024;
}

test.describe('first load within its budget', () => {
  // Which scripts download is the point: a kept context's cache would serve them.
  test.use({ freshContext: true });

  test('the login page downloads at most 170 KB of scripts and 30 KB of styles (gzip)', async ({
    page,
    request,
  }) => {
    const assets = recordDownloads(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await gzipKb(request, assets, '.js')).toBeLessThanOrEqual(170);
    expect(await gzipKb(request, assets, '.css')).toBeLessThanOrEqual(30);
  });

  test('the home page downloads at most 250 KB of scripts and 30 KB of styles (gzip)', async ({
    page,
    request,
  }) => {
    const assets = recordDownloads(page);
    await logIn(page, HEAD_VET.email, '/');
    await page.waitForLoadState('networkidle');
    expect(await gzipKb(request, assets, '.js')).toBeLessThanOrEqual(250);
    expect(await gzipKb(request, assets, '.css')).toBeLessThanOrEqual(30);
  });
});

test.describe('first load of a signed-in page', () => {
  // Which scripts download, and when, is the point: a kept context's cache would serve them.
  test.use({ freshContext: true });

  test("Luna's respiratory tracker fetches its route scripts and Luna during the session check, and nothing twice", async ({
    page,
  }) => {
    const requests = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        url.pathname.startsWith('/assets/') ||
        url.pathname === '/v1/auth/vet' ||
        url.pathname === `/v1/pets/${LUNA.uuid}`
      ) {
        requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
      }
    });
    // Signed in from a plain-text page, so the tracker's is the first page of the app this browser loads.
    await logIn(page, HEAD_VET.email, `/pets/${LUNA.uuid}/respiratory-history`);
    await expect(page.getByRole('heading', { level: 1, name: 'Respiratory Rate' })).toBeVisible();
    await expect(page.getByTestId('tracker-chart').locator('canvas')).toBeVisible();

    const timings = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    );
    const session = timings.find((entry) => entry.path === '/v1/auth/vet');
    expect(session).toBeDefined();
    // The page's loader and component, one chunk (`respiratory-history-<hash>.js`): before, the loader was
    // imported only once the session check had answered, one more round trip before the chart's data.
    const routeScripts = timings.filter((entry) =>
      /^\/assets\/respiratory-history-[^/]+\.js$/.test(entry.path),
    );
    expect(routeScripts).toHaveLength(1);
    for (const script of routeScripts) {
      expect(script.start, script.path).toBeLessThan(session?.end ?? 0);
    }
    // The pet, which every pet page reads first, is asked from the HTML too: beside the session
    // check, not one round trip after the scripts have run.
    const pet = timings.find((entry) => entry.path === `/v1/pets/${LUNA.uuid}`);
    expect(pet).toBeDefined();
    expect(pet?.start ?? Number.POSITIVE_INFINITY).toBeLessThan(session?.end ?? 0);
    // Preloads are used, not downloaded again: the session check and the pet included (fetch preloads).
    const twice = [...requests].filter(([, count]) => count > 1);
    expect(twice).toEqual([]);
    expect(requests.get('/v1/auth/vet')).toBe(1);
    expect(requests.get(`/v1/pets/${LUNA.uuid}`)).toBe(1);
  });
});

test.describe('a tracker opened from the pet profile', () => {
  // Which scripts download, and when, is the point: a kept context's cache would serve them.
  test.use({ freshContext: true });

  test("the profile downloads its trackers' scripts while the vet reads it: a click on a vital waits for data only", async ({
    page,
  }) => {
    // The five pages' code comes one page after another, the shaking tracker's (itch-history) last.
    const lastTrackerScript = page.waitForResponse(
      (response) => /\/assets\/itch-history-[^/]+\.js$/.test(new URL(response.url()).pathname),
      { timeout: 20_000 },
    );
    const assets = { inFlight: 0, lastActivity: Date.now() };
    const isAsset = (request: Request) => new URL(request.url()).pathname.startsWith('/assets/');
    page.on('request', (request) => {
      if (!isAsset(request)) return;
      assets.inFlight += 1;
      assets.lastActivity = Date.now();
    });
    const settled = (request: Request) => {
      if (!isAsset(request)) return;
      assets.inFlight -= 1;
      assets.lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await logIn(page, HEAD_VET.email, `/pets/${LUNA.uuid}`);
    const vital = page.getByTestId('vital-respiratoryRate');
    await expect(vital.locator('canvas')).toBeVisible();
    await lastTrackerScript;
    // `networkidle` fires once per page load, long before the idle-time preloads end: wait for the
    // scripts themselves to settle instead (the last page's imports are asked for beside it).
    await expect
      .poll(() => assets.inFlight === 0 && Date.now() - assets.lastActivity > 500, { timeout: 15_000 })
      .toBe(true);

    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/assets/')) scripts.push(url.pathname);
    });
    await vital.getByRole('link', { name: 'Sleeping respiratory rate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Respiratory Rate' })).toBeVisible();
    await expect(page.getByTestId('tracker-chart').locator('canvas')).toBeVisible();
    expect(scripts).toEqual([]);
  });
});

test.describe('first load on a phone', () => {
  // Cold, as a vet's first visit: fonts and scripts arrive after the first paint.
  test.use({ freshContext: true, viewport: { width: 375, height: 812 } });

  /** Layout shifts of the page's whole life, as Lighthouse adds them (shifts right after an input excluded). */
  async function recordLayoutShifts(page: Page) {
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      Object.assign(window, { __layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          const nodes = entry.sources.map((source) =>
            source.node instanceof Element ? (source.node.textContent ?? '').slice(0, 40) : '',
          );
          shifts.push({ value: entry.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return async () => {
      await page.waitForLoadState('networkidle');
      // A frame after the last response: its shift, if any, is reported too.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      return page.evaluate(
        () => (window as unknown as { __layoutShifts: { value: number; nodes: string[] }[] }).__layoutShifts,
      );
    };
  }

  // Lighthouse weighs the cumulative layout shift as a quarter of its score; 0.1 is its "good" bound.
  for (const screen of [
    { name: 'the home page', path: '/', ready: (page: Page) => page.getByTestId('home-todo') },
    {
      name: "Luna's profile",
      path: `/pets/${LUNA.uuid}`,
      ready: (page: Page) => page.getByTestId('vitals-panel'),
    },
  ]) {
    test(`${screen.name} moves nothing while it loads (layout shift < 0.1)`, async ({ page }) => {
      const shifts = await recordLayoutShifts(page);
      await logIn(page, HEAD_VET.email, screen.path);
      await expect(screen.ready(page)).toBeVisible();
      const recorded = await shifts();
      const total = recorded.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, JSON.stringify(recorded)).toBeLessThan(0.1);
    });
  }
});
