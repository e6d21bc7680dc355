import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { specFamily } from '../support/fixtures.ts';
import { openInApp } from '../support/navigation.ts';
import { findPet } from '../support/pets.ts';
import { test } from '../support/test.ts';

/** The pet this spec edits: its own copy of Biscuit, so renaming it cannot race with other specs. */
const ownPet = specFamily('petProfile').pets.biscuit;

test.describe('pet profile (/pets/{uuid})', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("shows Luna's profile, her allergy first, her health, owner, home and subscription", async ({
    page,
  }) => {
    const luna = await findPet(page, 'Luna');
    await openInApp(page, `/pets/${luna.uuid}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Luna' })).toBeVisible();
    const allergies = page.getByTestId('pet-allergies');
    await expect(allergies).toContainText('Allergies');
    await expect(allergies).toContainText('Chicken');

    const profile = page.getByTestId('pet-profile-card');
    await expect(profile).toContainText('Cavalier King Charles Spaniel');
    await expect(profile).toContainText('Dog');
    await expect(profile).toContainText('Female');
    await expect(profile).toContainText('14/03/2018');
    await expect(profile).toContainText(/\d+ years/);
    await expect(profile.getByText('Yes', { exact: true })).toBeVisible();
    await expect(profile).toContainText('985112004567890');

    const health = page.getByTestId('pet-health-card');
    await expect(health).toContainText('Myxomatous mitral valve disease');
    await expect(health).toContainText('5/9');
    await expect(health).toContainText('8.5 kg');
    await expect(health.getByTestId('pet-medications')).toContainText('Pimobendan');

    const owner = page.getByTestId('pet-owner-card');
    await expect(owner.getByRole('link', { name: 'Emma Clarke' })).toHaveAttribute(
      'href',
      `/families/${luna.familyUuid}/pets`,
    );
    await expect(owner).toContainText('Bristol, United Kingdom');
    await expect(owner).toContainText('Europe/London');
    await expect(page.getByTestId('pet-subscription-card').getByTestId('subscription-status')).toBeVisible();
  });

  test('editing the name saves it, and the side menu shows the new name', async ({ page }) => {
    const pet = ownPet;
    const newName = `Bella ${Date.now() % 100_000}`;
    try {
      await openInApp(page, `/pets/${pet.uuid}`);
      const menuName = page.getByRole('navigation', { name: 'Pet menu' }).getByTestId('pet-name');
      await expect(menuName).toHaveText(pet.name);

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: `Edit ${pet.name}` });
      await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(newName);
      await drawer.getByRole('button', { name: 'Save' }).click();

      await expect(page.getByText(`${newName}'s profile is up to date.`)).toBeVisible();
      await expect(drawer).toBeHidden();
      await expect(menuName).toHaveText(newName);
      await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

      await page.reload();
      await expect(menuName).toHaveText(newName);
    } finally {
      const restore = await page.request.patch(`/v1/pets/${pet.uuid}`, { data: { name: pet.name } });
      expect(restore.status()).toBe(200);
    }
  });

  test('a patient alert set on the profile shows in the pet’s header on every pet page, and can be removed', async ({
    page,
  }) => {
    const pet = ownPet;
    await openInApp(page, `/pets/${pet.uuid}`);
    const alerts = page.getByTestId('pet-alerts');
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an alert' });
    await dialog.getByRole('button', { name: 'Add alert' }).click();
    await expect(dialog.getByText('Choose an alert')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await dialog.getByRole('button', { name: 'Add alert' }).click();
    await expect(dialog.getByText('Say what to watch out for')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'In your words' }).fill('Muzzle for the ears');
    await dialog.getByRole('button', { name: 'Add alert' }).click();
    await expect(dialog).toBeHidden();
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    await dialog.getByRole('radio', { name: 'Will bite' }).check();
    await dialog.getByRole('button', { name: 'Add alert' }).click();
    await expect(dialog).toBeHidden();

    // The header of another of the pet's pages names them, as badges (SPEC §2's links are unchanged).
    await page.goto(`/pets/${pet.uuid}/weight-history`);
    const header = page.getByRole('navigation', { name: 'Pet menu' }).getByTestId('pet-alert');
    await expect(header).toHaveText(['Muzzle for the ears', 'Will bite']);

    // Search names them beside the pet's hit, and every inbox row of the pet beside its name.
    await page.keyboard.press('Control+K');
    await page.getByRole('textbox', { name: 'Search pets, owners and vets' }).pressSequentially(pet.name);
    const hit = page.locator('[data-action][data-result-type="pet"]', { hasText: pet.name });
    await expect(hit.getByTestId('pet-alert')).toHaveText(['Muzzle for the ears', 'Will bite']);
    await page.keyboard.press('Escape');
    const reminder = await page.request.post('/v1/reminders', {
      data: { petUuid: pet.uuid, title: 'Trim the claws', dueAt: { seconds: Math.floor(Date.now() / 1000) } },
    });
    expect(reminder.status()).toBe(201);
    await page.goto(`/reminders?search=${pet.name}`);
    const row = page.getByRole('row', { name: /Trim the claws/ });
    await expect(row.getByRole('group', { name: `${pet.name}’s patient alerts` })).toBeVisible();
    await expect(row.getByTestId('pet-alert')).toHaveText(['Muzzle for the ears', 'Will bite']);

    await page.goto(`/pets/${pet.uuid}`);
    await alerts.getByRole('button', { name: 'Remove the alert Will bite' }).click();
    await expect(alerts.getByText('Will bite')).toHaveCount(0);
    await alerts.getByRole('button', { name: 'Remove the alert Muzzle for the ears' }).click();
    await expect(alerts).toContainText('None');
    await expect(page.getByRole('navigation', { name: 'Pet menu' }).getByTestId('pet-alert')).toHaveCount(0);

    // Both the setting and the removal are on the pet's timeline, with who did it.
    await page.goto(`/pets/${pet.uuid}/timeline`);
    for (const what of ['“Will bite” set by', '“Will bite” removed by', '“Muzzle for the ears” removed by'])
      await expect(page.getByText(`Patient alert ${what}`)).toBeVisible();
    await page.goto(`/reminders?search=${pet.name}`);
    await expect(page.getByRole('row', { name: /Trim the claws/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Trim the claws/ }).getByTestId('pet-alert')).toHaveCount(0);
  });

  test('field errors show on their fields: a microchip already taken (from the server) or malformed', async ({
    page,
  }) => {
    const pet = ownPet;
    await openInApp(page, `/pets/${pet.uuid}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Edit ${pet.name}` });

    // Luna's microchip.
    await drawer.getByRole('textbox', { name: 'Microchip' }).fill('985112004567890');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Already registered to another pet')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toHaveCount(0);

    await drawer.getByRole('textbox', { name: 'Microchip' }).fill('12ab');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('A microchip number has 9 to 15 digits')).toBeVisible();

    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer).toBeHidden();
  });

  test('changing the species empties the breed and offers that species’ breeds', async ({ page }) => {
    const pet = ownPet;
    await openInApp(page, `/pets/${pet.uuid}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Edit ${pet.name}` });
    const breed = drawer.getByLabel('Breed', { exact: true });
    await expect(breed).not.toHaveValue('');

    await drawer.getByLabel('Species', { exact: true }).click();
    await page.getByRole('option', { name: 'Cat', exact: true }).click();
    await expect(breed).toHaveValue('');
    await breed.click();
    await breed.fill('Maine');
    await expect(page.getByRole('option', { name: 'Maine Coon' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel' }).click();
  });
});
