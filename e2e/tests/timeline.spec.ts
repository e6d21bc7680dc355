import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { LUNA } from '../support/demo.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** Luna's timeline is only read here: the demo's own Luna, with her months of collar, owner and vet events. */
function items(page: Page) {
  return page.getByTestId('timeline-item');
}

async function sourcesShown(page: Page): Promise<Set<string>> {
  return new Set(
    await items(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-source') ?? '')),
  );
}

test.describe('a pet’s timeline', () => {
  test('Luna’s profile opens her timeline: events of several sources by day, each linking to its page', async ({
    page,
  }) => {
    await logIn(page);
    await openInApp(page, `/pets/${LUNA.uuid}`);
    await page.getByTestId('pet-timeline-link').click();
    await expect(page).toHaveURL(`/pets/${LUNA.uuid}/timeline`);
    await expect(page.getByRole('heading', { name: 'Timeline', level: 1 })).toBeVisible();
    await expect(items(page).first()).toBeVisible();
    expect((await sourcesShown(page)).size).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('timeline-day').first().getByRole('heading', { level: 2 })).toHaveText(
      /\d{2}\/\d{2}\/\d{4}$/,
    );

    // A checkup's event opens that checkup's page inside the app.
    await openInApp(page, `/pets/${LUNA.uuid}/timeline?kind=checkup.answered`);
    const checkup = items(page).first().getByRole('link');
    const href = (await checkup.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/checkups\/[0-9a-f-]{36}$/);
    await checkup.click();
    await expect(page).toHaveURL(href);
  });

  test('a source and a kind filter narrow the list and stay in the URL', async ({ page }) => {
    await logIn(page);
    await openInApp(page, `/pets/${LUNA.uuid}/timeline`);
    await expect(items(page).first()).toBeVisible();

    await page.getByTestId('timeline-source').getByText('Owner app', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]source=owner_app/);
    await expect(items(page).first()).toBeVisible();
    await expect.poll(() => sourcesShown(page)).toEqual(new Set(['owner_app']));

    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Journal entry received' }).click();
    await expect(page).toHaveURL(/[?&]kind=journal\.received/);
    await expect(page).toHaveURL(/[?&]source=owner_app/);
    await expect
      .poll(() =>
        items(page).evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-kind')))]),
      )
      .toEqual(['journal.received']);

    // Reloaded, the page shows the same filters and list.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('Journal entry received');
    await expect(items(page).first()).toHaveAttribute('data-kind', 'journal.received');
  });

  test('scrolling to the end of the list loads older events, none twice', async ({ page }) => {
    await logIn(page);
    await openInApp(page, `/pets/${LUNA.uuid}/timeline`);
    await expect(items(page)).toHaveCount(30);
    await items(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => items(page).count()).toBeGreaterThan(30);
    const ids = await items(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
