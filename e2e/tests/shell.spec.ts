import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, PRODUCT_NAME } from '../support/demo.ts';
import { test } from '../support/test.ts';

test.describe('dashboard shell (SPEC §2 "Layouts")', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("the document title is 'dashboard'", async ({ page }) => {
    await expect(page).toHaveTitle('dashboard');
    await page.goto('/betas');
    await expect(page).toHaveTitle('dashboard');
  });

  test('the header shows the vet and a dropdown with Edit Profile and Log out', async ({ page }) => {
    const vet = (await (await page.request.get('/v1/auth/vet')).json()) as { uuid: string };
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: `${PRODUCT_NAME} home` })).toHaveAttribute('href', '/');
    await expect(header.getByText(HEAD_VET.fullName)).toBeVisible();
    await expect(header.getByText(HEAD_VET.kindLabel, { exact: true })).toBeVisible();

    await header
      .getByRole('button', {
        name: `${HEAD_VET.fullName}, ${HEAD_VET.kindLabel}: account menu`,
      })
      .click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      `/vets/${vet.uuid}`,
    );
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    const docs = menu.getByRole('menuitem', { name: 'API reference (opens in a new window)' });
    await expect(docs).toHaveAttribute('href', '/docs');
    await expect(docs).toHaveAttribute('target', '_blank');

    await menu.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(`/vets/${vet.uuid}`);
    await expect(page.getByTestId('vet-frame')).toBeVisible();
  });

  test('the side menu has exactly the SPEC entries, and none of the hidden ones', async ({ page }) => {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const expected: [string, string][] = [
      ['B2B users', '/users?user_type=2'],
      [PRODUCT_NAME, '/users?user_type=1'],
      ['Betas', '/betas'],
      ['B2B Vets', '/vets?kind=b2b'],
      ['B2B Partners', '/vets?kind=partner'],
      ['Teammates', `/vets?kind=${PRODUCT_NAME}`],
      ['Checkups', '/checkups'],
      [`${PRODUCT_NAME} Vet Reminders`, '/reminders'],
      ['Health Symptoms Journal', '/journal'],
      ['B2B', '/b2b'],
    ];
    for (const [name, href] of expected) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const calls = menu.getByRole('link', { name: 'Calls (opens in a new window)', exact: true });
    await expect(calls).toHaveAttribute('href', /^https?:\/\//);
    await expect(calls).toHaveAttribute('target', '_blank');
    await expect(calls).toHaveAttribute('rel', /noopener/);
    await expect(menu.getByRole('link')).toHaveCount(expected.length + 1);
    for (const group of ['Users', 'Vets', 'Inbox']) {
      await expect(menu.getByRole('heading', { name: group, exact: true })).toBeVisible();
    }

    for (const hidden of ['Vet Requests', 'Settings', 'Vet Shifts', 'History']) {
      await expect(page.getByText(hidden, { exact: true })).toHaveCount(0);
    }

    await menu.getByRole('link', { name: 'B2B Partners' }).click();
    await expect(page).toHaveURL('/vets?kind=partner');
    await expect(menu.getByRole('link', { name: 'B2B Partners' })).toHaveAttribute('aria-current', 'page');
  });

  test('logout ends the session and shows login', async ({ page }) => {
    await page.getByRole('button', { name: /: account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    expect((await page.request.get('/v1/auth/vet')).status()).toBe(401);

    await page.goto('/checkups');
    await expect(page).toHaveURL('/login?redirectPath=%2Fcheckups');
  });

  test('below 992 px the side menu folds behind a burger; on a phone the header keeps only the avatar', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    await expect(page.locator('header').getByText(HEAD_VET.fullName)).toBeHidden();

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Betas' }).click();
    await expect(page).toHaveURL('/betas');
    await expect(menu).toBeHidden();

    await page.setViewportSize({ width: 991, height: 800 });
    await expect(menu).toBeHidden();
    await page.setViewportSize({ width: 992, height: 800 });
    await expect(menu).toBeVisible();
  });

  test('a page opened on a phone draws the folded menu only when the burger first opens it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/vets');
    await expect(page.getByRole('heading', { level: 1, name: 'Vets' })).toBeVisible();
    // Hidden, the menu's region is there (the burger controls it), its links not yet.
    const links = page.locator('#side-menu a');
    await expect(page.locator('#side-menu')).toHaveCount(1);
    await expect(links).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Betas' })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(menu).toBeHidden();
    // Folded again, it stays drawn: opening it a second time is only the slide.
    expect(await links.count()).toBeGreaterThan(5);
  });
});

test.describe('route progress bar (SPEC §9)', () => {
  // That a quick navigation shows no bar is a matter of timing, checked on a fake clock in
  // apps/web/src/components/feedback/route-progress.test.tsx; in a browser, "quick" depends on the load.
  test('shows for a navigation slower than 200 ms', async ({ page }) => {
    await logIn(page);
    const bar = page.getByTestId('route-progress');

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Checkups' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkups' })).toBeVisible();

    await page.route('**/v1/auth/vet', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await expect(bar).toHaveAttribute('data-mounted');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkups' })).toBeVisible();
    await expect(bar).not.toHaveAttribute('data-mounted');
  });
});
