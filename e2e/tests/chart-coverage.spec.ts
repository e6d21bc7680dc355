import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { auditLines } from '../support/axe.ts';
import { OWNER_APP_TOKEN } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Biscuit ("Damsonberry", in Berlin), given a day with a gap long before the seed's history. */
const pet = specFamily('chartCoverage').pets.biscuit;

/** 5 March 2025 in Berlin (CET) starts at 23:00 UTC the day before. */
const DAY = '2025-03-05';
const LOCAL_MIDNIGHT = Date.parse('2025-03-04T23:00:00Z') / 1000;

/**
 * Breath counts every half hour from midnight to 06:00 and from 18:00 to 20:00. Each stands for the
 * four hours from it (the collar-data rule), so the collar covered 00:00–09:30 and 18:00–23:30: 30 of
 * the day's 48 half hours, nothing from 09:30 to 18:00. Fixed ids, so a second run adds nothing.
 */
const halfHours = [...Array.from({ length: 12 }, (_, i) => i), 36, 37, 38, 39];

async function postReadings(page: Page) {
  const posted = await page.request.post('/v1/trackers/readings', {
    headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
    data: {
      readings: halfHours.map((halfHour) => ({
        id: `7c0ffee0-0000-4000-8000-${halfHour.toString(16).padStart(12, '0')}`,
        petUuid: pet.uuid,
        kind: 'respiratory_rate',
        value: 20 + (halfHour % 4),
        measuredAt: { seconds: LOCAL_MIDNIGHT + halfHour * 1800 + 300 },
      })),
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
}

/**
 * Reads the chart's pixels down two columns: the middle of the plot (12:00, inside the gap) and one
 * early on (about 02:00, covered). The series is teal (green and blue well above red, green above
 * blue, unlike the blue "low" threshold line); the strip's "no data" cells are #dee2e6.
 */
async function probe(canvas: Locator) {
  return canvas.evaluate((element) => {
    const el = element as HTMLCanvasElement;
    const context = el.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const { width, height } = el;
    const pixels = context.getImageData(0, 0, width, height).data;
    const at = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0] as const;
    };
    const teal = ([r, g, b, a]: readonly number[]) =>
      (a ?? 0) > 0 && (g ?? 0) - (r ?? 0) > 40 && (b ?? 0) - (r ?? 0) > 30 && (g ?? 0) > (b ?? 0);
    const grey = ([r, g, b, a]: readonly number[]) => (a ?? 0) > 200 && r === 222 && g === 226 && b === 230;
    const rows = Array.from({ length: height }, (_, y) => y);
    const middle = Math.round(width / 2);
    const early = Math.round(width * 0.15);
    const stripRows = rows.filter((y) => grey(at(middle, y)));
    const stripTop = stripRows[0] ?? height;
    return {
      stripRows: stripRows.length,
      seriesAcrossGap: rows.filter((y) => y < stripTop && teal(at(middle, y))).length,
      stripCoveredEarly: stripRows.some((y) => teal(at(early, y))),
      seriesEarly: rows.filter((y) => y < stripTop && teal(at(early, y))).length,
    };
  });
}

test.describe('collar coverage on a tracker chart', () => {
  test('a day the collar was off from 09:30 to 18:00 shows the gap, no line across it, and the coverage in words', async ({
    page,
  }) => {
    await logIn(page);
    await postReadings(page);
    await openInApp(page, `/pets/${pet.uuid}/respiratory-history?scope=day&date=${DAY}`);
    const chart = page.getByTestId('tracker-chart');
    await expect(chart).not.toHaveAttribute('aria-busy', 'true');
    await expect(chart.getByTestId('chart-coverage')).toContainText('Collar data for 63% of this day.');
    await expect(chart.getByTestId('chart-coverage')).toContainText('grey is none');

    const canvas = chart.locator('canvas');
    await expect(canvas).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(async () => (await probe(canvas)).stripRows).toBeGreaterThanOrEqual(3);
    const seen = await probe(canvas);
    expect(seen.seriesAcrossGap, 'no line is drawn across the hours without data').toBe(0);
    expect(seen.stripCoveredEarly, 'the strip is the series colour where the collar covered').toBe(true);
    expect(seen.seriesEarly, 'the line is drawn where there is data').toBeGreaterThan(0);

    // The week of that day: 30 of its 336 half hours, the rest of the week no data.
    await openInApp(page, `/pets/${pet.uuid}/respiratory-history?scope=week&date=${DAY}`);
    await expect(chart).toHaveAttribute('data-bucket-size', '1h');
    await expect(chart.getByTestId('chart-coverage')).toContainText('Collar data for 9% of this week.');
  });

  for (const viewport of screenViewports) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`a chart with a gap and the RPM monitor's coverage pass axe (${viewport.name})`, async ({
        page,
      }) => {
        await logIn(page);
        await postReadings(page);
        await openInApp(page, `/pets/${pet.uuid}/rpm?days=90`);
        await expect(page.getByTestId('rpm-last-average')).toContainText(/collar data for \d+% of the day/);
        for (const screen of [
          `/pets/${pet.uuid}/rpm?days=90`,
          `/pets/${pet.uuid}/respiratory-history?scope=day&date=${DAY}`,
        ]) {
          await openInApp(page, screen);
          await expect(page.getByTestId('tracker-chart')).not.toHaveAttribute('aria-busy', 'true');
          // The page's own content: the B2B pet menu's purple sidebar has a contrast finding of its own
          // (4.47:1, #697077 on #f3f0ff), not this spec's to fix, reported to the lead.
          expect(await auditLines(page, { include: ['#main-content'] })).toEqual([]);
        }
      });
    });

    test.describe(`at ${viewport.width} px @screens`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`a chart with a coverage gap @screens (${viewport.name})`, async ({ page }) => {
        await logIn(page);
        await postReadings(page);
        await openInApp(page, `/pets/${pet.uuid}/respiratory-history?scope=day&date=${DAY}`);
        await expect(page.getByTestId('chart-coverage')).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
        await page.screenshot({
          path: path.join(
            process.env.SHOTS_DIR ?? '/tmp/coverage-shots',
            `coverage-gap-${viewport.name}.png`,
          ),
          fullPage: true,
        });
      });
    });
  }
});
