import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { EMMA_FAMILY, LUNA } from '../support/demo.ts';
import { test } from '../support/test.ts';

/**
 * Every API read the page makes, counted per resource (method, path and query): fetches, and the reads
 * the page's HTML preloads (the session check, a pet page's pet), which Chromium types as "other". A
 * live-update stream is one long request, not a read.
 */
function countApiReads(page: Page) {
  const counts = new Map<string, number>();
  let last = Date.now();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/v1/')) return;
    if (!['fetch', 'xhr', 'other'].includes(request.resourceType())) return;
    if ((request.headers().accept ?? '').includes('text/event-stream')) return;
    const key = `${request.method()} ${url.pathname}${url.search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    last = Date.now();
  });
  return {
    /** Waits until no read has started for a while, then gives the counts. */
    async settled(quietMs = 1_500): Promise<Record<string, number>> {
      await expect
        .poll(() => Date.now() - last, { timeout: 20_000, intervals: [250] })
        .toBeGreaterThan(quietMs);
      return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
    },
    reset() {
      counts.clear();
      last = Date.now();
    },
  };
}

/** The resources read more than once. */
/**
 * The reads made more than once. A pet's open work (`/attention`) is re-read on live events the server's
 * own jobs send for the showcase pet (the hourly collar-coverage run, the minutely signal consumer
 * refreshing a trigger): a second read there is the live update working, not the page reading twice
 * (CI, 2 Dec 2026: once in the tracker page's load at 21:0x UTC). Its single read on a quiet load is
 * the profile test's, whose page prefetches it.
 */
function repeated(counts: Record<string, number>, { live = [] as string[] } = {}): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts).filter(([key, n]) => n > 1 && !live.some((suffix) => key.endsWith(suffix))),
  );
}

test.describe('one API read per resource per navigation', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("a full load of Luna's profile reads each of its resources once", async ({ page }) => {
    const reads = countApiReads(page);
    await page.goto(`/pets/${LUNA.uuid}`);
    await profileDrawn(page);
    const counts = await reads.settled();
    expect(Object.keys(counts)).toContain(`GET /v1/pets/${LUNA.uuid}`);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(6);
    expect(repeated(counts), JSON.stringify(counts, null, 2)).toEqual({});
  });

  test('a full load of a tracker page reads each of its resources once', async ({ page }) => {
    const reads = countApiReads(page);
    await page.goto(`/pets/${LUNA.uuid}/drinking`);
    await expect(page.getByRole('heading', { level: 1, name: 'Drinking Tracker' })).toBeVisible();
    await expect(page.getByTestId('tracker-chart')).not.toHaveAttribute('aria-busy', 'true');
    const counts = await reads.settled();
    expect(
      Object.keys(counts).some((key) => key.startsWith(`GET /v1/pets/${LUNA.uuid}/drinking/chart`)),
    ).toBe(true);
    expect(repeated(counts, { live: ['/attention'] }), JSON.stringify(counts, null, 2)).toEqual({});
  });

  test('a full load of a list reads its page of rows once', async ({ page }) => {
    const reads = countApiReads(page);
    await page.goto('/users?user_type=2');
    await expect(page.getByRole('heading', { level: 1, name: 'B2B users' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'B2B users' }).locator('tbody tr').first()).toBeVisible();
    const counts = await reads.settled();
    expect(Object.keys(counts).some((key) => key.startsWith('GET /v1/users?'))).toBe(true);
    expect(repeated(counts), JSON.stringify(counts, null, 2)).toEqual({});
  });

  test('an in-app navigation to a list, hovered first, reads it once', async ({ page }) => {
    await readsSettle(page);
    const reads = countApiReads(page);
    const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Betas' });
    // A vet's pointer rests on the link before the click: the hover prefetch must serve the navigation.
    await link.hover();
    await page.waitForTimeout(300);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Betas' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Beta users' }).locator('tbody tr').first()).toBeVisible();
    const counts = await reads.settled();
    expect(Object.keys(counts).some((key) => key.startsWith('GET /v1/betas?'))).toBe(true);
    expect(repeated(counts), JSON.stringify(counts, null, 2)).toEqual({});
  });

  test("an in-app navigation from a family to Luna's profile reads nothing twice, nor the family again", async ({
    page,
  }) => {
    await page.goto(`/families/${EMMA_FAMILY.uuid}/pets`);
    await expect(page.getByTestId('family-pet').first()).toBeVisible();
    await readsSettle(page);

    const reads = countApiReads(page);
    // The card's name is all it shows (name, breed, age), so it is found by the pet's name in it.
    const card = page.getByRole('link', { name: new RegExp(`\\b${LUNA.name}\\b`) });
    await card.hover();
    await page.waitForTimeout(300);
    await card.click();
    await profileDrawn(page);
    const counts = await reads.settled();
    expect(Object.keys(counts)).toContain(`GET /v1/pets/${LUNA.uuid}`);
    // The family page read the family a moment ago: the profile reuses it.
    expect(counts[`GET /v1/families/${EMMA_FAMILY.uuid}/pets`]).toBeUndefined();
    expect(repeated(counts), JSON.stringify(counts, null, 2)).toEqual({});
  });
});

/**
 * Luna's profile with every part drawn. The cards come last (after the vitals' charts are built) and
 * read on their first render: on a busy machine the charts alone took longer than the quiet window of
 * `settled`, and the count settled without the cards' reads (5 resources instead of 6 or more).
 */
async function profileDrawn(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: LUNA.name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('pet-subscription-card').getByTestId('subscription-status')).toBeVisible();
  await expect(page.getByTestId('pet-care-sections')).toBeVisible();
}

/** Lets the reads of the page already shown finish before counting the next navigation's. */
async function readsSettle(page: Page): Promise<void> {
  await countApiReads(page).settled();
}
