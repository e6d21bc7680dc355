import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { bodyRows, listSummary, screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

const FEATURES: Record<string, string> = {
  collar_v2: 'Collar v2',
  ai_triage: 'AI triage',
  diet_planner: 'Diet planner',
  heart_rate: 'Heart rate',
  weekly_reports: 'Weekly reports',
};

/** This spec's own owner (a copy of Tom Becker and his family): it enrols him in a beta. */
const { owner, family } = specFamily('betas');

test.describe('betas (SPEC §2 /betas)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test('lists the enrolled users, filtered by feature, and keeps the filter across a visit to one', async ({
    page,
  }) => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Betas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Betas' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Beta users' });
    await expect(await bodyRows(table)).toHaveCount(25);
    expect((await listSummary(page)).total).toBeGreaterThanOrEqual(100);
    await expect(table.getByRole('columnheader', { name: 'Enrolled', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await page.getByRole('combobox', { name: 'Feature' }).click();
    await page.getByRole('option', { name: 'Heart rate' }).click();
    await expect(page).toHaveURL('/betas?feature=heart_rate');
    const rows = await bodyRows(table);
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    await expect(table.locator('tbody').getByText('Heart rate', { exact: true })).toHaveCount(count);

    await table.getByRole('button', { name: 'User', exact: true }).click();
    await expect(page).toHaveURL('/betas?feature=heart_rate&sort=name&order=asc');
    const first = (await bodyRows(table)).first();
    const name = (await first.getByRole('link').textContent()) ?? '';
    await first.getByRole('cell').nth(3).click();
    await expect(page).toHaveURL(/\/betas\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL('/betas?feature=heart_rate&sort=name&order=asc');
    await expect(page.getByRole('combobox', { name: 'Feature' })).toHaveValue('Heart rate');
    await expect((await bodyRows(table)).first().getByRole('link')).toHaveText(name);
  });

  test('enrols a user found by search, then shows the enrolment; a second time is refused', async ({
    page,
  }) => {
    const response = await page.request.get(
      `/v1/betas?search=${encodeURIComponent(owner.email)}&pageSize=50`,
    );
    const { betaUsers } = (await response.json()) as { betaUsers: { feature: string }[] };
    const enrolled = new Set(betaUsers.map((beta) => beta.feature));
    const feature = Object.keys(FEATURES).find((key) => !enrolled.has(key));
    expect(feature, `a beta feature ${owner.fullName} is not in yet`).toBeDefined();
    const featureLabel = FEATURES[feature as string] as string;

    await openInApp(page, '/betas');
    await page.getByRole('link', { name: 'Enrol a user' }).click();
    await expect(page).toHaveURL('/betas/create');
    const form = page.locator('form');
    await form.getByRole('button', { name: 'Enrol' }).click();
    await expect(form.getByText('Choose a user')).toBeVisible();
    await expect(form.getByText('Choose a feature')).toBeVisible();

    const user = form.getByRole('combobox', { name: 'User' });
    await user.pressSequentially(owner.lastName, { delay: 30 });
    await page.getByRole('option', { name: owner.email }).click();
    await expect(user).toHaveValue(`${owner.fullName} (${owner.email})`);
    await form.getByRole('combobox', { name: 'Feature' }).click();
    await page.getByRole('option', { name: featureLabel, exact: true }).click();
    await form.getByRole('textbox', { name: 'Notes' }).fill('Asked for it at the clinic.');
    await form.getByRole('button', { name: 'Enrol' }).click();

    await expect(page).toHaveURL(/\/betas\/[0-9a-f-]{36}$/);
    const card = page.getByTestId('beta-card');
    await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
    await expect(card).toContainText(owner.email);
    await expect(card).toContainText(featureLabel);
    await expect(card).toContainText(HEAD_VET.fullName);
    await expect(card).toContainText('Asked for it at the clinic.');
    await expect(card).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await page.getByRole('link', { name: 'Open the family' }).click();
    await expect(page).toHaveURL(`/families/${family.uuid}/pets`);

    await page.goto('/betas/create');
    await form.getByRole('combobox', { name: 'User' }).pressSequentially(owner.lastName, { delay: 30 });
    await page.getByRole('option', { name: owner.email }).click();
    await form.getByRole('combobox', { name: 'Feature' }).click();
    await page.getByRole('option', { name: featureLabel, exact: true }).click();
    await form.getByRole('button', { name: 'Enrol' }).click();
    await expect(form.getByText('This user is already enrolled in this beta feature')).toBeVisible();
    await expect(page).toHaveURL('/betas/create');
  });

  test('an unknown beta id shows the 404 page', async ({ page }) => {
    await page.goto('/betas/4b0e7a3c-2f1d-4c6b-9a8e-123456789abc');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});

for (const viewport of screenViewports) {
  test.describe(`betas screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`betas screens @screens`, async ({ page }) => {
      await logIn(page, HEAD_VET.email, '/betas');
      const rows = await bodyRows(page.getByRole('table', { name: 'Beta users' }));
      await shoot(page, 'betas', viewport.name);
      await rows.first().getByRole('link').click();
      await expect(page.getByTestId('beta-card')).toBeVisible();
      await shoot(page, 'beta-detail', viewport.name);
      await page.goto('/betas/create');
      await page.getByRole('combobox', { name: 'User' }).pressSequentially('clarke', { delay: 30 });
      await expect(page.getByRole('option').first()).toBeVisible();
      await shoot(page, 'beta-create', viewport.name);
    });
  });
}
