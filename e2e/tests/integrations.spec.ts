import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { REGULAR_VET } from '../support/demo.ts';
import { test } from '../support/test.ts';

/** The token's own name: the suite's runs and retries share one database. */
const name = `Collar platform ${Date.now().toString(36)}`;

test.describe('/integrations', () => {
  test('a head vet makes a token from the user menu, sees it once, it works, and revoking it stops it', async ({
    page,
  }) => {
    await logIn(page);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Integrations' })).toHaveCount(0);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Integrations' }).click();
    await expect(page).toHaveURL('/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

    await page.getByRole('button', { name: 'New integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'New integration' });
    // Nothing chosen: the form says what is missing, and nothing is made.
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByText('Choose at least one of readings, owner_app')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Collar readings/ }).check();
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy the token now' });
    await expect(shown).toContainText('This is the only time the token is shown');
    await expect(shown).toContainText('POST /v1/trackers/readings');
    await expect(shown).not.toContainText('POST /v1/pet-questions');
    const token = (await shown.getByTestId('new-token').textContent())?.trim() ?? '';
    expect(token).toMatch(/^vbi_/);
    await shown.getByRole('button', { name: 'Done' }).click();

    // What the collar platform does with it: its call gets past the token (an empty batch is then the
    // only thing refused); an owner-app call is not its to make.
    const readings = await page.request.post('/v1/trackers/readings', {
      headers: { authorization: `Bearer ${token}` },
      data: { readings: [] },
    });
    expect([readings.status(), (await readings.json()).details?.[0]?.path]).toEqual([400, 'readings']);
    const question = await page.request.post('/v1/pet-questions', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(question.status()).toBe(403);

    await page.reload();
    const row = page.getByTestId('integration-row').filter({ hasText: name });
    await expect(row).toContainText('Collar readings');
    await expect(row).toContainText('Any pet');
    await expect(row).not.toContainText('Never');
    await expect(page.getByText(token)).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Revoked');
    const after = await page.request.post('/v1/trackers/readings', {
      headers: { authorization: `Bearer ${token}` },
      data: { readings: [] },
    });
    expect(after.status()).toBe(401);
  });

  test('a vet who is not a head vet has no way in', async ({ page }) => {
    await logIn(page, REGULAR_VET.email);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Integrations' })).toHaveCount(0);
    await page.goto('/integrations');
    await expect(page.getByText('403')).toBeVisible();
    await expect(page.getByText('Only head vets can manage integrations')).toBeVisible();
  });
});
