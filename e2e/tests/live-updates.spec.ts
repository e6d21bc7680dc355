import { type Browser, expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { REGULAR_VET } from '../support/demo.ts';
import { test } from '../support/test.ts';

async function vetPage(browser: Browser, email?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  return page;
}

/**
 * A seeded pet no other browser test looks at by name. Repeats of this test (`--repeat-each`) need one
 * worker (E2E_WORKERS=1): run side by side, one repeat's restore of the name undid another's edit
 * before its page showed it (1 of 6 failed with 'Charlie' on the page, 3 Dec 2026).
 */
async function somePet(page: Page): Promise<{ uuid: string; name: string }> {
  const response = await page.request.get('/v1/search?q=Charlie');
  const { results } = (await response.json()) as { results: { type: string; uuid: string; title: string }[] };
  const pet = results.find((result) => result.type === 'pet' && result.title === 'Charlie');
  expect(pet, 'a seeded pet named Charlie').toBeDefined();
  return { uuid: pet?.uuid ?? '', name: 'Charlie' };
}

test.describe('live updates', () => {
  test("one vet's edit shows on another vet's open pet page, in place, without a reload", async ({
    browser,
  }) => {
    // Two browsers log in and load the app first.
    test.setTimeout(120_000);
    const watcher = await vetPage(browser);
    const editor = await vetPage(browser, REGULAR_VET.email);
    const pet = await somePet(watcher);
    const newName = `Charlie ${Date.now() % 100_000}`;
    try {
      // The page is open once its event stream is: an edit made while the page still loads (its stream
      // not yet connected, behind the page's own reads on six HTTP/1.1 connections) shows only after a
      // reload — a known gap (the stream does not resume from the page's load), not what this checks.
      const streamOpen = watcher.waitForResponse(
        (response) => new URL(response.url()).pathname === '/v1/events' && response.status() === 200,
      );
      await watcher.goto(`/pets/${pet.uuid}`);
      await expect(watcher.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
      await streamOpen;
      // Reloads would lose this marker: it proves the page below was updated in place.
      await watcher.evaluate(() => {
        (window as unknown as { liveMarker: boolean }).liveMarker = true;
      });

      const saved = await editor.request.patch(`/v1/pets/${pet.uuid}`, { data: { name: newName } });
      expect(saved.status()).toBe(200);

      // That it arrives, in place; how fast is `npm run bench:events`' (bench/README.md). A 2-s limit
      // here failed 1 run in 3-4 on this 2-core machine with CI beside it, the page fully drawn and the
      // edit saved: a timing budget is a bench's to measure, not a browser test's.
      await expect(watcher.getByRole('heading', { level: 1, name: newName })).toBeVisible();
      expect(await watcher.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker)).toBe(
        true,
      );
      await expect(watcher.getByText('Live updates paused')).toHaveCount(0);
    } finally {
      const restore = await editor.request.patch(`/v1/pets/${pet.uuid}`, { data: { name: pet.name } });
      expect(restore.status()).toBe(200);
      await watcher.context().close();
      await editor.context().close();
    }
  });
});
