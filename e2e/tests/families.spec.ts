import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { SAMPLE_UUID } from '../support/demo.ts';
import { openInApp } from '../support/navigation.ts';
import { findPet } from '../support/pets.ts';
import { test } from '../support/test.ts';

test.describe('family page (/families/{uuid}/pets)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("Emma Clarke's family: kind, owner, members, subscription, and Luna, Milo and Pepper as links", async ({
    page,
  }) => {
    const luna = await findPet(page, 'Luna');
    const milo = await findPet(page, 'Milo');
    const pepper = await findPet(page, 'Pepper');
    await openInApp(page, `/families/${luna.familyUuid}/pets`);

    await expect(page.getByRole('heading', { level: 1, name: "Emma Clarke's family" })).toBeVisible();
    await expect(page.getByTestId('family-kind')).toHaveText('Paid');
    const owner = page.getByTestId('family-owner');
    await expect(owner).toContainText('Emma Clarke');
    await expect(owner.getByRole('link', { name: 'emma.clarke@example.com' })).toHaveAttribute(
      'href',
      'mailto:emma.clarke@example.com',
    );
    await expect(page.getByTestId('family-members')).toContainText('Emma Clarke');
    await expect(page.getByTestId('family-subscription').getByTestId('subscription-status')).toBeVisible();

    const cards = page.getByTestId('family-pet');
    await expect(cards).toHaveCount(3);
    for (const pet of [luna, milo, pepper]) {
      await expect(page.getByRole('link', { name: new RegExp(`\\b${pet.name}\\b`) })).toHaveAttribute(
        'href',
        `/pets/${pet.uuid}`,
      );
    }
    await expect(cards.filter({ hasText: 'Milo' })).toContainText('British Shorthair');

    await page.getByRole('link', { name: /\bMilo\b/ }).click();
    await expect(page).toHaveURL(`/pets/${milo.uuid}`);
    await expect(page.getByRole('navigation', { name: 'Pet menu' }).getByTestId('pet-name')).toHaveText(
      'Milo',
    );
  });

  test("a B2B family links its owner's B2B code", async ({ page }) => {
    const biscuit = await findPet(page, 'Biscuit');
    await openInApp(page, `/families/${biscuit.familyUuid}/pets`);
    await expect(page.getByTestId('family-kind')).toHaveText('B2B');
    await expect(page.getByTestId('family-owner').getByRole('link', { name: 'PAWSURE' })).toHaveAttribute(
      'href',
      '/b2b/PAWSURE',
    );
    await expect(page.getByRole('link', { name: /\bBiscuit\b/ })).toHaveAttribute(
      'href',
      `/pets/${biscuit.uuid}`,
    );
  });

  test('an unknown family shows the 404 page', async ({ page }) => {
    await page.goto(`/families/${SAMPLE_UUID}/pets`);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});
