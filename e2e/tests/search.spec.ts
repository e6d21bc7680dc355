import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { findPet } from '../support/pets.ts';
import { test } from '../support/test.ts';

test.describe('global search (Ctrl/Cmd+K)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("Ctrl+K, 'Luna', Enter opens Luna's page", async ({ page }) => {
    const luna = await findPet(page, 'Luna');
    await page.keyboard.press('Control+K');
    const input = page.getByRole('textbox', { name: 'Search pets, owners and vets' });
    await expect(input).toBeFocused();
    await input.pressSequentially('Luna');
    const first = page.locator('[data-action]').first();
    await expect(first).toContainText('Luna');
    await expect(first).toContainText('Pet');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(`/pets/${luna.uuid}`);
    await expect(page.getByRole('navigation', { name: 'Pet menu' }).getByTestId('pet-name')).toHaveText(
      'Luna',
    );
    await expect(input).toBeHidden();
  });

  test('Enter pressed before the results arrive waits for them', async ({ page }) => {
    const luna = await findPet(page, 'Luna');
    await page.route('**/v1/search?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.keyboard.press('Control+K');
    const input = page.getByRole('textbox', { name: 'Search pets, owners and vets' });
    await input.fill('Luna');
    await input.press('Enter');
    await expect(page).toHaveURL(`/pets/${luna.uuid}`);
  });

  test("the header button opens it; an owner's e-mail leads to the family", async ({ page }) => {
    const biscuit = await findPet(page, 'Biscuit');
    await page.getByTestId('search-button').click();
    const input = page.getByRole('textbox', { name: 'Search pets, owners and vets' });
    await input.fill('tom.becker@example.com');
    const owner = page.locator('[data-action][data-result-type="owner"]').filter({ hasText: 'Tom Becker' });
    await expect(owner).toContainText('Owner');
    await owner.click();
    await expect(page).toHaveURL(`/families/${biscuit.familyUuid}/pets`);
  });

  test('says when nothing matches', async ({ page }) => {
    await page.keyboard.press('Control+K');
    const input = page.getByRole('textbox', { name: 'Search pets, owners and vets' });
    await input.fill('zzqqxxjj');
    await expect(page.getByText('Nothing found')).toBeVisible();
  });

  test('on a phone the header has a search button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Search pets, owners and vets' })).toBeVisible();
  });
});
