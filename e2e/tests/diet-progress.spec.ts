import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { auditLines } from '../support/axe.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/**
 * This spec's own copy of Emma's family: Milo (a cat, 5.9 kg target) gets a weight-loss diet that
 * started four weeks ago, and every weight since then is the spec's, so the numbers are known.
 */
const family = specFamily('dietProgress');
const milo = family.pets.milo;
const pepper = family.pets.pepper;

const DAY_MS = 86_400_000;
const START_DAYS_AGO = 28;

/** UTC calendar days (the family lives in London, on UTC in winter and an hour off in summer). */
function dayAt(daysAgo: number, hour = 12): Date {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, hour));
}
const calendar = (at: Date) => ({
  year: at.getUTCFullYear(),
  month: at.getUTCMonth() + 1,
  day: at.getUTCDate(),
});
const dmy = (at: Date) => at.toISOString().slice(0, 10).split('-').reverse().join('/');
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

async function ok(response: Awaited<ReturnType<Page['request']['get']>>) {
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/**
 * Milo's diet: 6.4 kg on the start day, 6.6 kg from the next day on (the spec corrects the seeded
 * weights of those days to the same). Plan: 0.064 kg a week, ±0.128 kg; four weeks in, 6.14 kg is
 * expected, so he is behind, moving away from the target, and has been behind for 27 days.
 */
async function giveMiloAWeightLossDiet(page: Page): Promise<string> {
  const start = dayAt(START_DAYS_AGO);
  const { entries } = (await ok(
    await page.request.get(`/v1/pets/${milo.uuid}/weight-history?pageSize=200`),
  )) as { entries: { uuid: string; measuredAt: { seconds: number }; location: string }[] };
  for (const entry of entries) {
    const at = entry.measuredAt.seconds * 1000;
    if (at < start.getTime() - DAY_MS) continue;
    const value = at < dayAt(START_DAYS_AGO - 1, 0).getTime() ? 6.4 : 6.6;
    await ok(
      await page.request.put(`/v1/weight-history/${entry.uuid}`, {
        data: { value, measuredAt: entry.measuredAt, location: entry.location },
      }),
    );
  }
  const add = async (at: Date, value: number) =>
    ok(
      await page.request.post('/v1/weight-history', {
        data: { petUuid: milo.uuid, value, location: 'vet', measuredAt: { seconds: seconds(at) } },
      }),
    );
  await add(start, 6.4);
  await add(dayAt(START_DAYS_AGO - 1), 6.6);

  const { ingredients } = (await ok(await page.request.get('/v1/ingredients'))) as {
    ingredients: { id: string }[];
  };
  const { diet } = (await ok(
    await page.request.post('/v1/diets', {
      data: { petUuid: milo.uuid, kind: 'weight_loss', nutrientProfileKind: 'fediaf_adult' },
    }),
  )) as { diet: { uuid: string } };
  const patched = (await ok(
    await page.request.patch(`/v1/diets/${diet.uuid}`, {
      data: {
        formulatedOn: calendar(start),
        nextAssessmentOn: calendar(dayAt(-60)),
        ingredients: [{ ingredientId: ingredients[0]?.id, amount: 60, unit: 'g' }],
      },
    }),
  )) as { diet: { formulation: { warnings: { code: string }[] } } };
  // One ingredient is far from balanced: published as a vet would, acknowledging what it warns of.
  await ok(
    await page.request.post(`/v1/diets/${diet.uuid}/publish`, {
      data: {
        acknowledgedWarnings: patched.diet.formulation.warnings.map((warning) => warning.code),
        acknowledgementReason: 'Weight loop check',
      },
    }),
  );
  // The latest entry comes after publishing, so it is the one that shows the three weeks behind.
  await add(new Date(Date.now() - 60_000), 6.6);
  return diet.uuid;
}

test.describe('the diet-to-weight loop', () => {
  test.describe.configure({ mode: 'serial' });
  let dietUuid = '';

  test.beforeEach(async ({ page }) => {
    await logIn(page);
    dietUuid ||= await giveMiloAWeightLossDiet(page);
  });

  test("a published weight-loss diet's page draws the plan with the weights and says how far behind it is", async ({
    page,
  }) => {
    await openInApp(page, `/diets/${dietUuid}`);
    const panel = page.getByTestId('diet-progress');
    const today = dmy(dayAt(0)).slice(0, 5);
    await expect(panel.getByTestId('diet-progress-status')).toHaveText(
      `Behind: 6.6 kg on ${today}, expected 6.14 kg; at this rate the 5.9 kg target is not reached (the weight is moving away from it).`,
    );
    await expect(panel.getByTestId('diet-progress-suggestion')).toHaveText(
      `Suggested next assessment: ${dmy(dayAt(-14))} (was ${dmy(dayAt(-60))}): behind plan on every entry for 27 days (since ${dmy(dayAt(START_DAYS_AGO - 1))}).`,
    );
    await expect(panel.getByTestId('diet-progress-plan')).toContainText(
      `Plan: 6.4 kg on ${dmy(dayAt(START_DAYS_AGO))} to the 5.9 kg target`,
    );
    // The chart: the weights since the start and the dashed plan, one point a day.
    const chart = panel.getByRole('img', { name: /with the planned line to the 5\.9 kg target/ });
    await expect(chart).toBeVisible();
    const box = await chart.boundingBox();
    expect(box?.height).toBeGreaterThan(150);

    expect(await auditLines(page, { include: ['[data-testid="diet-progress"]'] })).toEqual([]);
  });

  test('the weight tracker shows the same status, and a pet without a target weight says it has no goal', async ({
    page,
  }) => {
    await openInApp(page, `/pets/${milo.uuid}/weight-history`);
    await expect(page.getByTestId('diet-progress-status')).toContainText('Behind: 6.6 kg on');
    await expect(page.getByTestId('weight-target')).toContainText("the diet's planned weight from its start");

    await openInApp(page, `/pets/${pepper.uuid}/weight-history`);
    await expect(page.getByTestId('diet-progress-empty')).toHaveText(
      /no target weight in its health profile|No published diet|no weight goal/,
    );
  });

  for (const viewport of screenViewports) {
    test(`screenshots at ${viewport.width} px @screens`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openInApp(page, `/diets/${dietUuid}`);
      await expect(page.getByTestId('diet-progress-status')).toBeVisible();
      await expect(page.getByTestId('time-series-chart').locator('canvas')).toBeVisible();
      await shoot(page, 'diet-progress', viewport.name);
      await openInApp(page, `/pets/${milo.uuid}/weight-history?scope=month`);
      await expect(page.getByTestId('diet-progress-status')).toBeVisible();
      await shoot(page, 'diet-progress-weight', viewport.name);
    });
  }
});
