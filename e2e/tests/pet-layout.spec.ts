import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { PRODUCT_NAME, SAMPLE_UUID } from '../support/demo.ts';
import { openInApp } from '../support/navigation.ts';
import { findPet } from '../support/pets.ts';
import { test } from '../support/test.ts';

test.describe('pet layout side menu (SPEC §2)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("Luna's menu: her name, her owner, 'Family pets: 3', every page in a new window, the reports and the version", async ({
    page,
  }) => {
    const luna = await findPet(page, 'Luna');
    await openInApp(page, `/pets/${luna.uuid}`);
    const menu = page.getByRole('navigation', { name: 'Pet menu' });

    await expect(menu.getByTestId('pet-name')).toHaveText('Luna');
    await expect(menu.getByTestId('pet-name')).toHaveAttribute('href', `/pets/${luna.uuid}`);
    await expect(menu.getByTestId('pet-owner-name')).toHaveText('Emma Clarke');
    const family = menu.getByRole('link', { name: 'Family pets: 3', exact: true });
    await expect(family).toHaveAttribute('href', `/families/${luna.familyUuid}/pets`);
    await expect(menu.getByTestId('owner-b2b-code')).toHaveCount(0);
    await expect(page.getByTestId('pet-side-menu')).toHaveAttribute('data-owner-kind', 'regular');

    const pages: [string, string][] = [
      ['Diet Plans', `/pets/${luna.uuid}/diets`],
      ['Health Checkups', `/pets/${luna.uuid}/checkups`],
      ['Wellbeing', `/pets/${luna.uuid}/journal`],
      ['Medical Records', `/pets/${luna.uuid}/medical-records`],
      ['Pending Cards', `/pets/${luna.uuid}/pending-cards`],
      [`${PRODUCT_NAME} Vet Reminders`, `/pets/${luna.uuid}/reminders`],
      ['Respiratory Rate', `/pets/${luna.uuid}/respiratory-history`],
      ['Weight Tracker', `/pets/${luna.uuid}/weight-history`],
      ['Head Itch Tracker', `/pets/${luna.uuid}/itch-history`],
      ['Drinking Tracker', `/pets/${luna.uuid}/drinking`],
      ['Heart Rate', `/pets/${luna.uuid}/heart-rate`],
      ['Clinical Assessments', `/pets/${luna.uuid}/clinical-assessments`],
      ['Medical Reports', `/pets/${luna.uuid}/medical-reports`],
      ['Weekly Reports', `/weekly-reports?petUuid=${luna.uuid}`],
    ];
    for (const [name, href] of pages) {
      const link = menu.getByRole('link', { name: `${name} (opens in a new window)`, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
    }
    // The pet's name, the family link and the 14 pages: nothing else.
    await expect(menu.getByRole('link')).toHaveCount(pages.length + 2);
    await expect(menu.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
    await expect(page.getByText('Monthly Reports')).toHaveCount(0);
    await expect(page.getByTestId('client-version')).toHaveText(/^Version \d+\.\d+\.\d+/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      menu.getByRole('link', { name: 'Weight Tracker' }).click(),
    ]);
    await expect(popup).toHaveURL(`/pets/${luna.uuid}/weight-history`);
    await expect(popup.getByRole('heading', { level: 1, name: 'Weight tracker' })).toBeVisible();
    await expect(popup.getByRole('navigation', { name: 'Pet menu' }).getByTestId('pet-name')).toHaveText(
      'Luna',
    );
    await popup.close();

    await family.click();
    await expect(page).toHaveURL(`/families/${luna.familyUuid}/pets`);
  });

  test("Biscuit's B2B owner: the B2B code links to /b2b/PAWSURE and the menu is tinted unlike Luna's", async ({
    page,
  }) => {
    const luna = await findPet(page, 'Luna');
    const biscuit = await findPet(page, 'Biscuit');
    const menuRoot = page.getByTestId('pet-side-menu');
    const tint = () => menuRoot.evaluate((element) => getComputedStyle(element).backgroundColor);

    await openInApp(page, `/pets/${luna.uuid}`);
    await expect(menuRoot).toHaveAttribute('data-owner-kind', 'regular');
    const lunaTint = await tint();

    await page.goto(`/pets/${biscuit.uuid}`);
    const menu = page.getByRole('navigation', { name: 'Pet menu' });
    await expect(menu.getByTestId('pet-name')).toHaveText('Biscuit');
    await expect(menu.getByTestId('pet-owner-name')).toHaveText('Tom Becker');
    await expect(menu.getByRole('link', { name: 'PAWSURE', exact: true })).toHaveAttribute(
      'href',
      '/b2b/PAWSURE',
    );
    await expect(menuRoot).toHaveAttribute('data-owner-kind', 'b2b');
    expect(await tint()).not.toBe(lunaTint);
    await expect(menu.getByRole('link', { name: /^Family pets: \d+$/ })).toHaveAttribute(
      'href',
      `/families/${biscuit.familyUuid}/pets`,
    );

    await menu.getByRole('link', { name: 'PAWSURE', exact: true }).click();
    await expect(page).toHaveURL('/b2b/PAWSURE');
  });

  test('an unknown pet shows the 404 page', async ({ page }) => {
    await page.goto(`/pets/${SAMPLE_UUID}`);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.goto(`/pets/${SAMPLE_UUID}/weight-history`);
    await expect(page.getByTestId('error-status')).toHaveText('404');
  });

  test('on a phone the pet menu opens from the burger', async ({ page }) => {
    const luna = await findPet(page, 'Luna');
    await page.setViewportSize({ width: 375, height: 812 });
    await openInApp(page, `/pets/${luna.uuid}`);
    const menu = page.getByRole('navigation', { name: 'Pet menu' });
    await expect(page.getByTestId('pet-profile-name')).toHaveText('Luna');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Family pets: 3' })).toBeVisible();
  });
});
