import path from 'node:path';
import { expect, type Page, type Response } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, LUNA } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { answerAfterLiveReread } from '../support/live.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** A line only Chart.js's own code contains: how a test tells its chunk from the app's. */
const CHART_JS_SIGNATURE = 'Canvas is already in use';

/** Collects the JavaScript the page fetches, with its text, from now on. */
function recordScripts(page: Page): { urls: string[]; bodies: Promise<string>[] } {
  const record = { urls: [] as string[], bodies: [] as Promise<string>[] };
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    record.urls.push(response.url());
    record.bodies.push(response.text().catch(() => ''));
  });
  return record;
}

async function loadsChartJs(record: { bodies: Promise<string>[] }): Promise<boolean> {
  const bodies = await Promise.all(record.bodies);
  return bodies.some((body) => body.includes(CHART_JS_SIGNATURE));
}

/** This spec's own copies of Luna (readings, flags and all) and Biscuit: it adds weights and thresholds. */
const luna = specFamily('trackers').pets.luna;
const biscuit = specFamily('trackersThresholds').pets.biscuit;

const trackerPage = (page: string, search = '', petUuid = luna.uuid) => `/pets/${petUuid}/${page}${search}`;

const LUNA_TIMEZONE = 'Europe/London';

/** Yesterday's date (`YYYY-MM-DD`) in a timezone. */
function dayBefore(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() - 86_400_000);
}

/** The chart card once its data has arrived (not the previous period's, dimmed). */
async function settledChart(page: Page) {
  const chart = page.getByTestId('tracker-chart');
  await expect(chart).not.toHaveAttribute('aria-busy', 'true');
  return chart;
}

test.describe('tracker pages (/pets/{uuid}/…)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("Luna's respiratory page draws the chart and the collar's entries, a high-red value labelled", async ({
    page,
  }) => {
    // Yesterday, on Luna's clock: a whole night, by when her rate had risen into high-red.
    await openInApp(page, trackerPage('respiratory-history', `?scope=day&date=${dayBefore(LUNA_TIMEZONE)}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Respiratory Rate' })).toBeVisible();
    await expect(page.getByTestId('tracker-timezone')).toHaveText(`Times in ${LUNA_TIMEZONE}`);
    await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();

    const chart = await settledChart(page);
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.getByTestId('threshold-legend')).toContainText('High-red above 40');

    const table = page.getByRole('table', { name: 'Respiratory rate entries' });
    await expect(table.getByText('Registered by the collar').first()).toBeVisible();
    const highRed = table.locator('tbody tr').filter({ has: page.locator('[data-abnormal="high-red"]') });
    await expect(highRed.first()).toBeVisible();
    await expect(highRed.first().getByText('High-red', { exact: true })).toBeVisible();
    await expect(highRed.first()).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
  });

  test('opens on the last 7 days; a calendar period is one click away, and the URL keeps it', async ({
    page,
  }) => {
    await openInApp(page, trackerPage('respiratory-history'));
    let chart = await settledChart(page);
    await expect(chart).toHaveAttribute('data-bucket-size', '1h');
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(page.getByTestId('period-label')).toHaveText('Last 7 days');
    // The rolling window ends now: its start is 7 days back, whatever day of the week it is.
    const weekStart = Number(await chart.getAttribute('data-range-start'));
    expect(Date.now() / 1000 - weekStart).toBeGreaterThan(7 * 86_400 - 3600);
    expect(Date.now() / 1000 - weekStart).toBeLessThan(7 * 86_400 + 3600);
    await expect(chart.getByText('No readings in this period')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next week' })).toBeDisabled();

    await page.getByText('Day', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]scope=day(&|$)/);
    await expect(page).not.toHaveURL(/[?&]date=/);
    await expect(page.getByTestId('period-label')).toHaveText('Last 24 hours');
    chart = await settledChart(page);
    await expect(chart).toHaveAttribute('data-bucket-size', '30m');

    // Previous day: yesterday, the calendar day, from its local midnight.
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${dayBefore(LUNA_TIMEZONE)}(&|$)`));
    await expect(page.getByTestId('period-label')).toHaveText(/^\w{3} \d\d\/\d\d\/\d{4}$/);
    chart = await settledChart(page);
    await expect
      .poll(async () => (Date.now() / 1000 - Number(await chart.getAttribute('data-range-start'))) / 3600)
      .toBeGreaterThanOrEqual(24);
    const yesterday = Number(await chart.getAttribute('data-range-start'));
    await expect(page.getByRole('button', { name: 'Next day' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Last 24 hours' })).toBeVisible();

    // The URL alone restores the view.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
    await expect(await settledChart(page)).toHaveAttribute('data-range-start', String(yesterday));

    // Back to the rolling window in one click.
    await page.getByRole('button', { name: 'Last 24 hours' }).click();
    await expect(page).not.toHaveURL(/[?&]date=/);
    await expect(page.getByTestId('period-label')).toHaveText('Last 24 hours');

    // A mistyped URL falls back to the defaults instead of failing.
    await page.goto(trackerPage('respiratory-history', '?scope=year&date=2026-02-30&page=-1'));
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(page.getByTestId('period-label')).toHaveText('Last 7 days');
  });

  // One test per tracker: each page loads Chart.js's data for two periods, and under a loaded CI
  // machine five such pages in one 30 s budget timed out (CI run of stop 19).
  for (const tracker of [
    { path: 'itch-history', title: 'Head Itch Tracker', table: 'Head Itch Tracker entries' },
    { path: 'drinking', title: 'Drinking Tracker', table: 'Drinking Tracker entries' },
    { path: 'heart-rate', title: 'Heart Rate', table: 'Heart rate readings' },
  ]) {
    test(`Luna's ${tracker.title} draws its chart and the collar's entries for the previous week`, async ({
      page,
    }) => {
      await openInApp(page, trackerPage(tracker.path, '?scope=week'));
      await expect(page.getByRole('heading', { level: 1, name: tracker.title })).toBeVisible();
      await settledChart(page);
      await page.getByRole('button', { name: 'Previous week' }).click();
      await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}(&|$)/);
      await expect((await settledChart(page)).locator('canvas')).toBeVisible();
      const table = page.getByRole('table', { name: tracker.table });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(table.getByText('Registered by the collar').first()).toBeVisible();
    });
  }

  test("Luna's heart rate on the previous day is drawn in 30-minute buckets", async ({ page }) => {
    await openInApp(page, trackerPage('heart-rate', '?scope=day'));
    await settledChart(page);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}(&|$)/);
    await expect(await settledChart(page)).toHaveAttribute('data-bucket-size', '30m');
  });

  test("Luna's resting respiratory rate monitor draws daily averages and flags the last one", async ({
    page,
  }) => {
    await openInApp(page, trackerPage('rpm'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Resting respiratory rate monitor' }),
    ).toBeVisible();
    await expect((await settledChart(page)).locator('canvas')).toBeVisible();
    await expect(page.getByTestId('tracker-chart')).toHaveAttribute('data-bucket-size', '1d');
    await expect(page.getByTestId('rpm-last-average').locator('[data-abnormal]')).toBeVisible();
  });

  test('a weight typed in lbs is saved and listed in kg, and can be corrected', async ({ page }) => {
    await openInApp(page, trackerPage('weight-history'));
    await expect(page.getByRole('heading', { level: 1, name: 'Weight Tracker' })).toBeVisible();
    await page.getByRole('button', { name: 'Add weight' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add a weight' });
    // 19.62 lbs = 19.62 / 0.002205 g = 8,897.96 g: 8.9 kg (SPEC §9 factors, 2 decimals).
    await dialog.getByRole('textbox', { name: 'Weight' }).fill('19.62');
    await dialog.getByText('lbs', { exact: true }).click();
    await expect(dialog.getByText('= 8.9 kg')).toBeVisible();
    await dialog.getByText('Home', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Weighed at home after the walk');
    await dialog.getByRole('button', { name: 'Add weight' }).click();
    await expect(dialog).toBeHidden();

    const table = page.getByRole('table', { name: 'Weight entries' });
    const row = table.locator('tbody tr').filter({ hasText: 'Weighed at home after the walk' });
    await expect(row).toContainText('8.9 kg');
    await expect(row).toContainText('Home');
    await expect(row).toContainText(`Added by ${HEAD_VET.fullName}`);
    await expect(row.locator('[data-sentiment]')).toBeVisible();

    await row.getByRole('button', { name: /^Correct the weight of / }).click();
    const correction = page.getByRole('dialog', { name: 'Correct a weight' });
    await expect(correction.getByRole('textbox', { name: 'Weight' })).toHaveValue('8.9');
    await correction.getByRole('textbox', { name: 'Weight' }).fill('250');
    await correction.getByRole('button', { name: 'Save correction' }).click();
    await expect(correction.getByText('Must be below 200 kg')).toBeVisible();
    await correction.getByRole('textbox', { name: 'Weight' }).fill('8.85');
    await correction.getByRole('button', { name: 'Save correction' }).click();
    await expect(correction).toBeHidden();
    await expect(row).toContainText('8.85 kg');
  });

  test('the RPM threshold editor saves a pet’s own thresholds and resets them to the species defaults', async ({
    page,
  }) => {
    // Biscuit, so that Luna's flags stay as the other tests expect them.
    await openInApp(page, `/pets/${biscuit.uuid}/rpm`);
    const editor = page.getByTestId('thresholds-editor');
    await expect(editor.getByRole('textbox', { name: 'High: above' })).toBeVisible();
    if (await editor.getByRole('button', { name: 'Reset to species defaults' }).isEnabled()) {
      await editor.getByRole('button', { name: 'Reset to species defaults' }).click();
    }
    await expect(editor.getByTestId('thresholds-origin')).toHaveText('Species defaults');

    await editor.getByRole('textbox', { name: 'High-orange: above' }).fill('25');
    await editor.getByRole('button', { name: 'Save thresholds' }).click();
    await expect(editor.getByText('Must be above high')).toBeVisible();

    await editor.getByRole('textbox', { name: 'High: above' }).fill('24');
    // The thresholds read back by their live update may come before the save's own answer: the
    // confirmation must not depend on which comes first.
    const thresholdsPath = `/v1/pets/${biscuit.uuid}/respiratory-thresholds`;
    const release = await answerAfterLiveReread(page, {
      changePath: thresholdsPath,
      readPath: thresholdsPath,
      reread: (body) => (body as { isCustom: boolean }).isCustom,
    });
    await editor.getByRole('button', { name: 'Save thresholds' }).click();
    await expect(page.getByText('Readings are flagged with the new thresholds.')).toBeVisible();
    await release();
    await expect(editor.getByTestId('thresholds-origin')).toContainText('Custom for this pet');
    await expect(editor.getByTestId('thresholds-origin')).toContainText(`Changed by ${HEAD_VET.fullName} on`);
    await expect(page.getByTestId('threshold-legend')).toContainText('High above 24');
    await expect(page.getByTestId('threshold-legend')).toContainText('High-orange above 25');

    // Saved elsewhere while this vet is editing (a colleague, another tab): the typed value stays, and
    // the editor says what was saved, which the vet may take instead. The fields this vet did not touch
    // take the colleague's values, so saving would not undo them.
    const high = editor.getByRole('textbox', { name: 'High: above' });
    await high.fill('26');
    const elsewhere = await page.request.put(thresholdsPath, {
      data: { low: 10, high: 23, highOrange: 31, highRed: 41 },
    });
    expect(elsewhere.status()).toBe(200);
    const overtaken = editor.getByTestId('thresholds-overtaken');
    await expect(overtaken).toBeVisible();
    await expect(overtaken).toContainText('A threshold you changed was also saved elsewhere');
    await expect(overtaken).toContainText('High: above 23');
    await expect(overtaken).not.toContainText('High-orange');
    await expect(high).toHaveValue('26 /min');
    await expect(editor.getByRole('textbox', { name: 'High-orange: above' })).toHaveValue('31 /min');
    await expect(editor.getByRole('textbox', { name: 'High-red: above' })).toHaveValue('41 /min');
    await overtaken.getByRole('button', { name: 'Use the saved thresholds' }).click();
    await expect(high).toHaveValue('23 /min');
    await expect(overtaken).toHaveCount(0);
    await expect(page.getByTestId('threshold-legend')).toContainText('High above 23');

    // The reset too: its confirmation must not depend on whether its live update comes first.
    const releaseReset = await answerAfterLiveReread(page, {
      changePath: thresholdsPath,
      readPath: thresholdsPath,
      reread: (body) => !(body as { isCustom: boolean }).isCustom,
    });
    await editor.getByRole('button', { name: 'Reset to species defaults' }).click();
    await expect(page.getByText('The species defaults apply again.')).toBeVisible();
    await releaseReset();
    await expect(editor.getByTestId('thresholds-origin')).toHaveText('Species defaults');
    await expect(editor.getByRole('textbox', { name: 'High: above' })).toHaveValue('30 /min');
    await expect(page.getByTestId('threshold-legend')).toContainText('High above 30');
  });

  test("the pet profile shows each tracker's latest value once, in the vitals panel, linked to its page", async ({
    page,
  }) => {
    await openInApp(page, `/pets/${luna.uuid}`);
    const panel = page.getByTestId('vitals-panel');
    await expect(panel).not.toHaveAttribute('aria-busy', 'true');
    const latest = (kind: string) => panel.getByTestId(`vital-${kind}`).getByTestId('vital-latest');
    await expect(latest('respiratoryRate')).toContainText(/\d+(\.\d)? breaths\/min/);
    await expect(panel.getByTestId('vital-respiratoryRate').locator('[data-abnormal]')).toBeVisible();
    await expect(latest('heartRate')).toContainText(/\d+ bpm/);
    await expect(latest('shaking')).toContainText(/\d+ episodes?/);
    await expect(latest('weight')).toContainText(/\d+(\.\d+)? kg/);
    // The older trackers card repeated these values lower down the page.
    await expect(page.getByTestId('latest-trackers-card')).toHaveCount(0);
    await panel.getByRole('link', { name: 'Sleeping respiratory rate' }).click();
    await expect(page).toHaveURL(`/pets/${luna.uuid}/respiratory-history`);
  });
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the chart and its controls fit the screen; the entries are a stacked list, badges and source whole', async ({
    page,
  }) => {
    await logIn(page);
    await openInApp(page, trackerPage('respiratory-history'));
    const canvas = (await settledChart(page)).locator('canvas');
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('button', { name: 'Next week' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const table = page.getByRole('table', { name: 'Respiratory rate entries' });
    const region = page.getByRole('region', { name: 'Respiratory rate entries' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    const flagged = table
      .locator('tbody tr')
      .filter({ has: page.locator('[data-abnormal]:not([data-abnormal="undefined"])') });
    const badge = flagged.first().locator('.mantine-Badge-label').first();
    await expect(badge).toBeVisible();
    expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const source = table.getByText('Registered by the collar').first();
    await source.scrollIntoViewIfNeeded();
    const sourceBox = await source.boundingBox();
    expect((sourceBox?.x ?? 0) + (sourceBox?.width ?? 0)).toBeLessThanOrEqual(375);
  });
});

test.describe('chart loading', () => {
  // Which scripts load is the point: a kept context's cache would serve Chart.js without a request.
  test.use({ freshContext: true });

  test('Chart.js is not fetched on /login or the home page, only with the first chart', async ({ page }) => {
    const beforeCharts = recordScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await logIn(page);
    await page.waitForLoadState('networkidle');
    expect(beforeCharts.urls.length).toBeGreaterThan(0);
    expect(await loadsChartJs(beforeCharts)).toBe(false);

    const onTrackerPage = recordScripts(page);
    await page.goto(trackerPage('rpm'));
    await expect(page.getByTestId('tracker-chart').locator('canvas')).toBeVisible();
    expect(await loadsChartJs(onTrackerPage)).toBe(true);
  });
});

const shotsDir = process.env.SHOTS_DIR ?? path.join('/tmp', 'trk-web-shots');

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
] as const) {
  test.describe(`tracker screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`tracker pages @screens`, async ({ page }) => {
      await logIn(page);
      for (const name of [
        'respiratory-history',
        'rpm',
        'weight-history',
        'itch-history',
        'drinking',
        'heart-rate',
      ]) {
        await page.goto(trackerPage(name, name === 'weight-history' ? '?scope=year' : '', LUNA.uuid));
        await settledChart(page);
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
        await page.screenshot({
          path: path.join(shotsDir, `e2e-${name}-${viewport.name}.png`),
          fullPage: true,
        });
      }
      await page.goto(`/pets/${LUNA.uuid}`);
      await expect(page.getByTestId('vitals-panel')).not.toHaveAttribute('aria-busy', 'true');
      await page.screenshot({
        path: path.join(shotsDir, `e2e-pet-profile-${viewport.name}.png`),
        fullPage: true,
      });
    });
  });
}
