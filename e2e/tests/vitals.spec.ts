import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { auditLines } from '../support/axe.ts';
import { LUNA, OWNER_APP_TOKEN } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** Luna (read only): a year of collar readings ending now, and a weight entry every month or so. */
const KINDS = ['respiratoryRate', 'heartRate', 'weight', 'drinking', 'shaking'] as const;

/**
 * The panel with its data in, scrolled to as a vet would: a chart is built only near the screen, and
 * how far down the panel starts depends on the pet's open work above it ("Needs attention").
 */
async function settledPanel(page: Page) {
  const panel = page.getByTestId('vitals-panel');
  await expect(panel).not.toHaveAttribute('aria-busy', 'true');
  await panel.getByTestId('vital-shaking').scrollIntoViewIfNeeded();
  return panel;
}

test.describe('the vitals panel on the pet profile', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("shows Luna's five vitals as charts, each with its latest value, change and tracker link", async ({
    page,
  }) => {
    await openInApp(page, `/pets/${LUNA.uuid}?vitals=90d`);
    const panel = await settledPanel(page);
    await expect(panel).toHaveAttribute('data-range', '90d');
    await expect(panel.getByRole('radio', { name: '90 days' })).toBeChecked();
    for (const kind of KINDS) {
      const row = panel.getByTestId(`vital-${kind}`);
      await expect(row.locator('canvas'), kind).toBeVisible();
      await expect(row.getByTestId('vital-latest')).not.toHaveText('No readings yet');
      await expect(row.getByTestId('vital-change')).toContainText('vs the previous 90 days');
    }
    await expect(panel.getByTestId('vital-respiratoryRate').locator('[data-abnormal]')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Head shaking' })).toHaveAttribute(
      'href',
      `/pets/${LUNA.uuid}/itch-history`,
    );
    await panel.getByRole('link', { name: 'Heart rate' }).click();
    await expect(page).toHaveURL(new RegExp(`/pets/${LUNA.uuid}/heart-rate`));
  });

  test('switching the range puts it in the URL and redraws the charts with its buckets', async ({ page }) => {
    await openInApp(page, `/pets/${LUNA.uuid}`);
    const panel = await settledPanel(page);
    await expect(panel).toHaveAttribute('data-range', '7d');
    const responded = page.waitForResponse(
      (response) => response.url().includes(`/v1/pets/${LUNA.uuid}/vitals?range=24h`) && response.ok(),
    );
    await panel.getByText('24 h', { exact: true }).click();
    const body = (await (await responded).json()) as { bucketSize: string; vitals: Record<string, unknown> };
    expect(body.bucketSize).toBe('30m');
    await expect(page).toHaveURL((url) => url.searchParams.get('vitals') === '24h');
    await expect(panel).toHaveAttribute('data-range', '24h');
    await expect(panel.getByTestId('vital-heartRate').getByTestId('vital-change')).toContainText(
      'vs the previous 24 h',
    );

    await panel.getByText('30 days', { exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('vitals') === '30d');
    await expect(panel).toHaveAttribute('data-range', '30d');
    // The default range leaves the URL clean.
    await panel.getByText('7 days', { exact: true }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('vitals'));
  });

  test('a full load of the profile draws each chart once, and a new range draws it again', async ({
    page,
  }) => {
    // Chart.js clears its canvas at the start of every draw: count the clears on each canvas.
    await page.addInitScript(() => {
      const clear = CanvasRenderingContext2D.prototype.clearRect;
      CanvasRenderingContext2D.prototype.clearRect = function (...args) {
        const { dataset } = this.canvas;
        dataset.draws = String(Number(dataset.draws ?? 0) + 1);
        return clear.apply(this, args);
      };
    });
    await page.goto(`/pets/${LUNA.uuid}?vitals=90d`);
    const panel = await settledPanel(page);
    const canvases = KINDS.map((kind) => panel.getByTestId(`vital-${kind}`).locator('canvas'));
    for (const canvas of canvases) await expect(canvas).toHaveAttribute('data-draws', /\d/);
    // Time for a second draw to come (a re-render after the chart was built redrew each one).
    await page.waitForTimeout(1000);
    for (const [index, canvas] of canvases.entries())
      await expect(canvas, KINDS[index]).toHaveAttribute('data-draws', '1');

    await panel.getByText('30 days', { exact: true }).click();
    await expect(panel).toHaveAttribute('data-range', '30d');
    await expect(panel).not.toHaveAttribute('aria-busy', 'true');
    for (const [index, canvas] of canvases.entries())
      await expect(canvas, KINDS[index]).not.toHaveAttribute('data-draws', '1');
  });

  test('hovering one chart shows the same bucket on all five', async ({ page }) => {
    await openInApp(page, `/pets/${LUNA.uuid}?vitals=90d`);
    const panel = await settledPanel(page);
    const canvases = KINDS.map((kind) => panel.getByTestId(`vital-${kind}`).locator('canvas'));
    for (const canvas of canvases) await expect(canvas).toBeVisible();

    const heart = canvases[1] as (typeof canvases)[number];
    // Hovered through the locator, which scrolls it into view and waits for it to hold still: the open
    // work above the panel may still grow while the page settles, and a point measured before that
    // lands beside the chart. Retried as a whole, since a shift after the hover moves the chart away.
    await expect(async () => {
      const box = await heart.boundingBox();
      if (!box) throw new Error('the heart-rate chart has no box');
      await heart.hover({ position: { x: box.width * 0.6, y: box.height / 2 } });
      await expect(heart).toHaveAttribute('data-hover-index', /^\d+$/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    const shown = (await heart?.getAttribute('data-hover-index')) as string;
    for (const canvas of canvases) await expect(canvas).toHaveAttribute('data-hover-index', shown);

    // Leaving the charts hides the tooltips everywhere.
    const box = await heart.boundingBox();
    if (!box) throw new Error('the heart-rate chart has no box');
    await page.mouse.move(box.x - 40, box.y + box.height / 2);
    for (const canvas of canvases) await expect(canvas).toHaveAttribute('data-hover-index', '');
  });
});

/** This spec's own copy of Biscuit ("Quincewood"), without the seed's collar readings. */
const quiet = specFamily('vitalsCoverage').pets.biscuit;

/**
 * Heart rate every half hour from 20 to 14 hours ago and from 6 hours to 1 hour ago. Each reading
 * stands for the four hours from its half hour (the collar-data rule), so the collar covered about
 * 20 to 10 hours ago and the last 6 hours: nothing in the first 4 hours of the day, nor 10 to 6 hours ago.
 */
async function postDayWithGaps(page: Page) {
  const now = Math.floor(Date.now() / 1000);
  const hoursAgo = [
    20, 19.5, 19, 18.5, 18, 17.5, 17, 16.5, 16, 15.5, 15, 14.5, 14, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1,
  ];
  const posted = await page.request.post('/v1/trackers/readings', {
    headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
    data: {
      readings: hoursAgo.map((hours) => ({
        id: randomUUID(),
        petUuid: quiet.uuid,
        kind: 'heart_rate',
        value: 90,
        measuredAt: { seconds: now - Math.round(hours * 3600) },
      })),
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
}

/**
 * Down one column of a chart at `fraction` of its plot (the y axis is 52 px): whether the strip
 * under the plot is the "no data" grey there (#dee2e6) and how many pixels of the heart-rate series
 * (#c2255c: red well above green) lie above it.
 */
async function column(canvas: Locator, fraction: number) {
  return canvas.evaluate((element, f) => {
    const el = element as HTMLCanvasElement;
    const context = el.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const { width, height } = el;
    const scale = width / el.getBoundingClientRect().width;
    const x = Math.round(52 * scale + (width - 52 * scale) * f);
    const pixels = context.getImageData(x, 0, 1, height).data;
    const at = (y: number) => [
      pixels[y * 4] ?? 0,
      pixels[y * 4 + 1] ?? 0,
      pixels[y * 4 + 2] ?? 0,
      pixels[y * 4 + 3] ?? 0,
    ];
    const rows = Array.from({ length: height }, (_, y) => y);
    const grey = rows.filter((y) => {
      const [r, g, b, a] = at(y);
      return (a ?? 0) > 200 && r === 222 && g === 226 && b === 230;
    });
    const stripTop = grey[0] ?? height;
    const series = rows.filter((y) => {
      const [r, g, , a] = at(y);
      return y < stripTop && (a ?? 0) > 0 && (r ?? 0) - (g ?? 0) > 80;
    });
    return { grey: grey.length, series: series.length };
  }, fraction);
}

test.describe('collar coverage in the vitals panel', () => {
  test('a day with the collar off twice shows the gaps under the charts, no line across them, and the share in words', async ({
    page,
  }) => {
    await logIn(page);
    await postDayWithGaps(page);
    await openInApp(page, `/pets/${quiet.uuid}?vitals=24h`);
    const panel = await settledPanel(page);
    const note = panel.getByTestId('chart-coverage');
    await expect(note).toContainText(/Collar data for \d+% of the last 24 h\./);
    await expect(note).toContainText('The strip under each chart shows');
    const percent = Number((await note.textContent())?.match(/for (\d+)%/)?.[1]);
    // About 16 of the 24 hours, give or take the half hours at each end.
    expect(percent).toBeGreaterThanOrEqual(60);
    expect(percent).toBeLessThanOrEqual(72);
    // Over half the day covered: the averages are not marked as resting on little data.
    await expect(panel.getByTestId('vital-little-data')).toHaveCount(0);

    const canvas = panel.getByTestId('vital-heartRate').locator('canvas');
    await expect(canvas).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // 8 hours ago: inside the gap. 3 hours ago: covered, with a line.
    await expect.poll(async () => (await column(canvas, 16 / 24)).grey).toBeGreaterThanOrEqual(3);
    expect((await column(canvas, 16 / 24)).series, 'no line is drawn across the gap').toBe(0);
    expect(
      (await column(canvas, 2 / 24)).grey,
      'the first hours of the day had no data',
    ).toBeGreaterThanOrEqual(3);
    const covered = await column(canvas, 21 / 24);
    expect(covered.grey).toBe(0);
    expect(covered.series).toBeGreaterThan(0);

    // Over the week those 16 hours are little data: each collar vital's change says so, not the weight's.
    await panel.getByText('7 days', { exact: true }).click();
    await expect(panel).toHaveAttribute('data-range', '7d');
    await expect(note).toContainText(/Collar data for \d+% of the last 7 days\./);
    expect(Number((await note.textContent())?.match(/for (\d+)%/)?.[1])).toBeLessThan(50);
    await expect(panel.getByTestId('vital-heartRate').getByTestId('vital-little-data')).toHaveText(
      'Based on little data',
    );
    await expect(panel.getByTestId('vital-weight').getByTestId('vital-little-data')).toHaveCount(0);
  });

  for (const viewport of screenViewports) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`the panel with a coverage gap passes axe (${viewport.name})`, async ({ page }) => {
        await logIn(page);
        await postDayWithGaps(page);
        // The week: the strip's gaps and the "little data" marks on screen.
        await openInApp(page, `/pets/${quiet.uuid}`);
        const panel = await settledPanel(page);
        await expect(panel.getByTestId('chart-coverage')).toBeVisible();
        await expect(panel.getByTestId('vital-little-data').first()).toBeVisible();
        expect(await auditLines(page, { include: ['[data-testid="vitals-panel"]'] })).toEqual([]);
      });
    });
  }
});
