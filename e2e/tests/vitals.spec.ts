import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { LUNA } from '../support/demo.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** Luna (read only): a year of collar readings ending now, and a weight entry every month or so. */
const KINDS = ['respiratoryRate', 'heartRate', 'weight', 'drinking', 'shaking'] as const;

async function settledPanel(page: Page) {
  const panel = page.getByTestId('vitals-panel');
  await expect(panel).not.toHaveAttribute('aria-busy', 'true');
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

  test('hovering one chart shows the same bucket on all five', async ({ page }) => {
    await openInApp(page, `/pets/${LUNA.uuid}?vitals=90d`);
    const panel = await settledPanel(page);
    const canvases = KINDS.map((kind) => panel.getByTestId(`vital-${kind}`).locator('canvas'));
    for (const canvas of canvases) await expect(canvas).toBeVisible();

    const heart = canvases[1];
    await heart?.scrollIntoViewIfNeeded();
    const box = await heart?.boundingBox();
    if (!box) throw new Error('the heart-rate chart has no box');
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);

    await expect(heart as NonNullable<typeof heart>).toHaveAttribute('data-hover-index', /^\d+$/);
    const shown = (await heart?.getAttribute('data-hover-index')) as string;
    for (const canvas of canvases) await expect(canvas).toHaveAttribute('data-hover-index', shown);

    // Leaving the charts hides the tooltips everywhere.
    await page.mouse.move(box.x - 40, box.y + box.height / 2);
    for (const canvas of canvases) await expect(canvas).toHaveAttribute('data-hover-index', '');
  });
});
