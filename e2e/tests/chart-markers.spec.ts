import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { auditLines } from '../support/axe.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Quincewhistle"): a year of collar readings, and weights this spec adds. */
const pet = specFamily('chartMarkers').pets.luna;

/** A day two weeks back: its calendar week has collar readings all through (the copy's year ends now). */
const DAY = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
const WEEK_URL = `/pets/${pet.uuid}/respiratory-history?scope=week&date=${DAY}`;

/** The weight marker's fill (`MARKER_GROUPS`, weight): no threshold or series colour is this green. */
const WEIGHT_GREEN = [0x2b, 0x8a, 0x3e] as const;

interface ChartAnswer {
  range: { start: { seconds: number }; end: { seconds: number } };
  buckets: { start: { seconds: number } }[];
  bucketSize: string;
}

async function weekChart(page: Page, open: () => Promise<unknown>): Promise<ChartAnswer> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/respiratory-history/chart') && r.status() === 200),
    open(),
  ]);
  return (await response.json()) as ChartAnswer;
}

/** Two weights a vet entered inside the week, at odd times of day, so a marker has to sit inside its hour. */
async function addWeights(page: Page, chart: ChartAnswer): Promise<number[]> {
  const start = chart.range.start.seconds;
  const times = [start + 2 * 86_400 + 10 * 3600 + 20 * 60, start + 5 * 86_400 + 16 * 3600 + 40 * 60];
  for (const [i, seconds] of times.entries()) {
    const posted = await page.request.post('/v1/weight-history', {
      data: { petUuid: pet.uuid, value: 4.1 + i / 10, measuredAt: { seconds }, location: 'vet' },
    });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  return times;
}

/**
 * Reads the chart's pixels: the plot's left and right edges (the lowest row drawn across most of the
 * canvas: the coverage strip under the plot) and the x of every weight marker (runs of its exact green
 * in the top rows, the events lane above the plot).
 */
async function probe(canvas: Locator) {
  return canvas.evaluate((element, green) => {
    const el = element as HTMLCanvasElement;
    const context = el.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const { width, height } = el;
    const pixels = context.getImageData(0, 0, width, height).data;
    const alpha = (x: number, y: number) => pixels[(y * width + x) * 4 + 3] ?? 0;
    const isGreen = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return (
        Math.abs((pixels[i] ?? 0) - green[0]) <= 2 &&
        Math.abs((pixels[i + 1] ?? 0) - green[1]) <= 2 &&
        Math.abs((pixels[i + 2] ?? 0) - green[2]) <= 2 &&
        (pixels[i + 3] ?? 0) > 250
      );
    };
    let plot: { left: number; right: number } | null = null;
    for (let y = height - 1; y > height / 2 && !plot; y -= 1) {
      let runStart = -1;
      for (let x = 0; x <= width; x += 1) {
        const drawn = x < width && alpha(x, y) > 0;
        if (drawn && runStart < 0) runStart = x;
        if (!drawn && runStart >= 0) {
          if (x - runStart > width * 0.7) plot = { left: runStart, right: x - 1 };
          runStart = -1;
        }
      }
    }
    // A marker may sit on any of the lane's rows (touching ones are stacked): a column with
    // the green anywhere on the lane is a marker's; each run of such columns is one marker.
    const LANE_ROWS = 50;
    const markers: Array<{ x: number; y: number }> = [];
    let runStart = -1;
    for (let x = 0; x <= width; x += 1) {
      let rows = 0;
      if (x < width) for (let y = 0; y < LANE_ROWS; y += 1) if (isGreen(x, y)) rows += 1;
      if (rows > 0 && runStart < 0) runStart = x;
      if (rows === 0 && runStart >= 0) {
        let best = { y: 0, count: 0 };
        for (let y = 0; y < LANE_ROWS; y += 1) {
          let count = 0;
          for (let dx = runStart; dx < x; dx += 1) if (isGreen(dx, y)) count += 1;
          if (count > best.count) best = { y, count };
        }
        markers.push({ x: (runStart + x - 1) / 2, y: best.y });
        runStart = -1;
      }
    }
    return { plot, markers };
  }, WEIGHT_GREEN);
}

/** Where an event is on the hourly line: its hour's tick plus how far into the hour, as the axis reads. */
function expectedX(chart: ChartAnswer, seconds: number, plot: { left: number; right: number }): number {
  const starts = chart.buckets.map((bucket) => bucket.start.seconds);
  const index = starts.findLastIndex((start) => start <= seconds);
  const end = starts[index + 1] ?? (starts[index] ?? 0) + 3600;
  const tick = index + (seconds - (starts[index] ?? 0)) / (end - (starts[index] ?? 0));
  return plot.left + (tick * (plot.right - plot.left)) / (starts.length - 1);
}

test.describe('timeline events on a tracker chart', () => {
  test('the Events switch draws a vet’s weights on the respiratory week at their hour, names and links them, and stays on after a reload', async ({
    page,
  }) => {
    // Three page loads, a reload and pixel reads of a 168-hour chart.
    test.setTimeout(120_000);
    await logIn(page);
    const chart = await weekChart(page, () => openInApp(page, WEEK_URL));
    expect(chart.bucketSize).toBe('1h');
    const times = await addWeights(page, chart);
    const panel = page.getByTestId('tracker-chart');
    await expect(panel).not.toHaveAttribute('aria-busy', 'true');

    await panel.getByRole('switch', { name: /Events/ }).click();
    await expect(page).toHaveURL(/[?&]events=true/);
    const weights = panel.locator('[data-testid="chart-event"][data-kind="weight.recorded"]');
    // The copy may have weights of its own that week; these two must be among them, newest first.
    await expect.poll(() => weights.count()).toBeGreaterThanOrEqual(2);
    const listed = await weights.evaluateAll((rows) =>
      rows.map((row) => Number(row.getAttribute('data-at'))),
    );
    expect(listed).toEqual(expect.arrayContaining(times));
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    await expect(weights.first().getByRole('link')).toHaveAttribute(
      'href',
      `/pets/${pet.uuid}/weight-history`,
    );
    await expect(
      panel.getByTestId('marker-legend-item').filter({ hasText: 'Weight entered by a vet' }),
    ).toBeVisible();
    await expect(panel.locator('canvas')).toHaveAttribute('aria-label', /with \d+ events marked/);

    const canvas = panel.locator('canvas');
    await expect.poll(async () => (await probe(canvas)).markers.length).toBeGreaterThanOrEqual(listed.length);
    const seen = await probe(canvas);
    expect(seen.plot, 'the plot’s edges, from the coverage strip').not.toBeNull();
    const plot = seen.plot ?? { left: 0, right: 0 };
    const expected = times.map((seconds) => expectedX(chart, seconds, plot));
    for (const x of expected) {
      const nearest = Math.min(...seen.markers.map((marker) => Math.abs(marker.x - x)));
      const at = seen.markers.map((marker) => marker.x).join(', ');
      expect(nearest, `a marker within 3 px of ${x} (markers at ${at})`).toBeLessThanOrEqual(3);
    }

    // The marker itself opens the event's page.
    const box = await canvas.boundingBox();
    const target = expected[0] ?? 0;
    const first = seen.markers.reduce((best, marker) =>
      Math.abs(marker.x - target) < Math.abs(best.x - target) ? marker : best,
    );
    const x0 = (box?.x ?? 0) + first.x;
    const y0 = (box?.y ?? 0) + first.y;
    await page.mouse.move(x0, y0);
    await expect.poll(() => canvas.evaluate((el) => (el as HTMLCanvasElement).style.cursor)).toBe('pointer');

    // Reloaded, the overlay is still on and the markers are drawn again.
    await page.reload();
    await expect(page.getByRole('switch', { name: /Events/ })).toBeChecked();
    await expect
      .poll(async () => (await probe(page.getByTestId('tracker-chart').locator('canvas'))).markers.length)
      .toBe(seen.markers.length);

    await page.mouse.click(x0, y0);
    await expect(page).toHaveURL(`/pets/${pet.uuid}/weight-history`);

    // Off again: no markers, and the URL says so.
    await openInApp(page, `${WEEK_URL}&events=true`);
    await page.getByRole('switch', { name: /Events/ }).click();
    await expect(page).not.toHaveURL(/events=/);
    await expect(page.getByTestId('chart-events')).toHaveCount(0);
    await expect
      .poll(async () => (await probe(page.getByTestId('tracker-chart').locator('canvas'))).markers.length)
      .toBe(0);
  });

  test('a pet’s timeline shows an event added while it is open, without a reload', async ({ page }) => {
    await logIn(page);
    await openInApp(page, `/pets/${pet.uuid}/timeline?kind=weight.recorded`);
    await expect(page.getByRole('heading', { name: 'Timeline', level: 1 })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { liveMarker: boolean }).liveMarker = true;
    });
    const seconds = Math.floor(Date.now() / 1000) - 60;
    const posted = await page.request.post('/v1/weight-history', {
      data: { petUuid: pet.uuid, value: 4.4, measuredAt: { seconds }, location: 'vet' },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const { weightEntry } = (await posted.json()) as { weightEntry: { uuid: string } };
    await expect(
      page.locator(`[data-testid="timeline-item"][data-id="weight.recorded:${weightEntry.uuid}"]`),
    ).toBeVisible({
      timeout: 5_000,
    });
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker)).toBe(true);
  });

  for (const viewport of screenViewports) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`a chart with its events on passes axe (${viewport.name})`, async ({ page }) => {
        // Two tracker pages, each audited whole: more than a busy machine does in the default 30 s.
        test.setTimeout(90_000);
        await logIn(page);
        for (const screen of [
          `${WEEK_URL}&events=true`,
          `/pets/${pet.uuid}/weight-history?scope=year&events=true`,
        ]) {
          await openInApp(page, screen);
          await expect(page.getByTestId('tracker-chart')).not.toHaveAttribute('aria-busy', 'true');
          await expect(
            page.getByTestId('chart-events').or(page.getByTestId('chart-events-empty')),
          ).toBeVisible();
          expect(await auditLines(page, { include: ['#main-content'] })).toEqual([]);
        }
      });
    });

    test.describe(`at ${viewport.width} px @screens`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`tracker charts with event markers @screens (${viewport.name})`, async ({ page }) => {
        test.setTimeout(90_000);
        await logIn(page);
        for (const [name, screen] of [
          ['respiratory-week', `${WEEK_URL}&events=true`],
          ['weight-year', `/pets/${pet.uuid}/weight-history?scope=year&events=true`],
          ['drinking-month', `/pets/${pet.uuid}/drinking?scope=month&events=true`],
        ] as const) {
          await openInApp(page, screen);
          await expect(
            page.getByTestId('chart-events').or(page.getByTestId('chart-events-empty')),
          ).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(400);
          await page.screenshot({
            path: path.join(
              process.env.SHOTS_DIR ?? '/tmp/marker-shots',
              `markers-${name}-${viewport.name}.png`,
            ),
            fullPage: true,
          });
        }
      });
    });
  }
});
