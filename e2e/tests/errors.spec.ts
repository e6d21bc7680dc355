import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { test } from '../support/test.ts';

test.describe('error pages (SPEC §8)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test('an unmatched route shows the 404 page, whose link goes home', async ({ page }) => {
    await page.goto('/no-such-page?x=1');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });

  for (const path of [
    '/pets/not-a-uuid',
    '/pets/not-a-uuid/diets',
    '/checkups/123',
    '/vets/nope',
    '/betas/x',
  ]) {
    test(`an invalid UUID in ${path} shows the 404 page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('error-status')).toHaveText('404');
      await expect(page.getByText('This page could not be found')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    });
  }
});

test.describe('script chunk load failure (SPEC §8)', () => {
  // The test fails the chunks the page has not fetched yet: cached ones would not be fetched at all.
  test.use({ freshContext: true });

  test('reloads the page once, then shows the error instead of looping', async ({ page }) => {
    await logIn(page);
    // A reload while the home page's lazy chunks are still downloading can abort them, and a failed
    // chunk in the page being left would claim the one reload allowed per minute before the test starts.
    await page.waitForLoadState('networkidle');
    const loaded = new Set<string>();
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') loaded.add(request.url());
    });
    await page.reload();
    await expect(page.getByTestId('vet-card')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // As after a deploy: the chunks this page already has still load, every other chunk is gone.
    await page.route('**/assets/*.js', (route) =>
      loaded.has(route.request().url()) ? route.continue() : route.abort(),
    );
    let documentLoads = 0;
    page.on('load', () => {
      documentLoads += 1;
    });

    // A history navigation, not a link: hovering a link would prefetch the chunk and reload before the click.
    await page.evaluate(() => {
      window.history.pushState(window.history.state, '', '/betas');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    // The reload first (on a busy machine the first document may show the error while its reload is
    // still under way), then the error on the reloaded page, and no second reload after it.
    await expect.poll(() => documentLoads, { timeout: 15_000 }).toBe(1);
    await expect(page.getByTestId('error-status')).toHaveText('500');
    await page.waitForTimeout(1_500);
    expect(documentLoads).toBe(1);
    expect(await page.evaluate(() => window.sessionStorage.getItem('vetboard.chunk-reload-at'))).toMatch(
      /^\d+$/,
    );
  });
});
