import { type Browser, expect, type Page } from '@playwright/test';
import { logIn, submitLogin } from '../support/auth.ts';
import { HEAD_VET, PARTNER_VET, PRODUCT_NAME, REGULAR_VET } from '../support/demo.ts';
import { specVet } from '../support/fixtures.ts';
import { bodyRows, screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The contract's VETS_FORBIDDEN_MESSAGE: the API's 403 and the dashboard's tooltips say it. */
const FORBIDDEN = 'Only head vets can manage other vets';

async function vetUuid(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/v1/vets?search=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const { vets } = (await response.json()) as { vets: { uuid: string; email: string }[] };
  const vet = vets.find((v) => v.email === email);
  expect(vet, `a vet with the e-mail ${email}`).toBeDefined();
  return (vet as { uuid: string }).uuid;
}

async function vetPage(browser: Browser, email?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  return page;
}

test.describe('what a vet who is not a head vet is offered', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, REGULAR_VET.email);
  });

  test('no way to create a vet', async ({ page }) => {
    await openInApp(page, `/vets?kind=${PRODUCT_NAME}`);
    await bodyRows(page.getByRole('table', { name: 'Teammates' }));
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create vet' })).toHaveCount(0);

    await page.goto('/vets/create?kind=regular');
    await expect(page.getByRole('heading', { level: 1, name: 'Create vet' })).toBeVisible();
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
    await expect(page.locator('form')).toHaveCount(0);
  });

  test("another vet's profile is only to look at, with the reason", async ({ page }) => {
    await openInApp(page, `/vets/${await vetUuid(page, HEAD_VET.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: HEAD_VET.fullName })).toBeVisible();
    for (const name of ['firstName', 'lastName']) {
      await expect(page.locator(`input[name="${name}"]`)).toBeDisabled();
    }
    await expect(page.getByRole('combobox', { name: 'Kind' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose a picture' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Disable vet' })).toHaveCount(0);
    await expect(page.getByTestId('avatar-locked')).toHaveText(FORBIDDEN);
    await page.locator('input[name="firstName"]').hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText(FORBIDDEN);
  });

  test('their own profile: names and picture yes, kind no', async ({ page }) => {
    await openInApp(page, `/vets/${await vetUuid(page, REGULAR_VET.email)}`);
    await expect(page.getByText('Your profile')).toBeVisible();
    await expect(page.locator('input[name="firstName"]')).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Choose a picture' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Kind' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Disable vet' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Kind' }).hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('You cannot change your own kind or company');
  });
});

/** The contract's messages for labels and pools (reference-data.ts), as the API's 403 says them. */
const REFERENCE_FORBIDDEN = 'Only the practice’s own vets can change labels and pools';

test.describe('labels and pools: only what the vet may change is offered', () => {
  test('a partner reads the labels and pools and is offered no change', async ({ page }) => {
    await logIn(page, PARTNER_VET.email, '/medical-records/labels');
    await bodyRows(page.getByTestId('labels-table'));
    await expect(page.getByTestId('labels-read-only')).toHaveText(REFERENCE_FORBIDDEN);
    await expect(page.getByRole('button', { name: 'Add label' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);

    await openInApp(page, '/checkups/pools');
    await expect(page.getByText('Cardiac follow-up', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'New pool' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  });

  test('a regular vet renames labels but is not offered to merge or archive them', async ({ page }) => {
    await logIn(page, REGULAR_VET.email, '/medical-records/labels');
    await expect(page.getByRole('button', { name: 'Add label' })).toBeVisible();
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await expect(page.getByRole('menuitem', { name: 'Rename or recolour' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Merge into…' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
  });
});

test.describe('disabling a vet', () => {
  test('a head vet disables a vet, who then cannot log in, and enables them again', async ({
    page,
    browser,
  }) => {
    const vet = specVet('rightsDisabled');
    await logIn(page);
    await openInApp(page, `/vets/${vet.uuid}`);
    await expect(page.getByRole('heading', { level: 1, name: vet.fullName })).toBeVisible();
    await expect(page.getByTestId('vet-access-state')).toHaveText(
      `${vet.fullName} can log in to the dashboard.`,
    );

    await page.getByRole('button', { name: 'Disable vet' }).click();
    const confirm = page.getByRole('dialog', { name: `Disable ${vet.fullName}?` });
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText('Vet disabled.')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('vet-access-state')).toHaveText(
      `${vet.fullName} is disabled and cannot log in.`,
    );
    await expect(page.getByText('Disabled', { exact: true })).toBeVisible();

    const other = await (await browser.newContext()).newPage();
    try {
      await other.goto('/login');
      await submitLogin(other, vet.email);
      const refusal = other.locator('.mantine-Notification-root');
      await expect(refusal.getByText('Invalid email or password')).toBeVisible();
      await expect(other).toHaveURL(/\/login/);

      await page.getByRole('button', { name: 'Enable vet' }).click();
      await page
        .getByRole('dialog', { name: `Enable ${vet.fullName}?` })
        .getByRole('button', { name: 'Enable', exact: true })
        .click();
      await expect(page.getByText('Vet enabled.')).toBeVisible();
      await expect(page.getByTestId('vet-access-state')).toHaveText(
        `${vet.fullName} can log in to the dashboard.`,
      );

      await logIn(other, vet.email);
    } finally {
      await other.context().close();
    }
  });

  test('a head vet is not offered to disable or re-kind themselves', async ({ page }) => {
    await logIn(page);
    await openInApp(page, `/vets/${await vetUuid(page, HEAD_VET.email)}`);
    await expect(page.getByText('Your profile')).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Disable|Enable) vet$/ })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Kind' })).toBeDisabled();
  });
});

test('a refusal the page did not foresee (403) shows its message in the Error toast', async ({ browser }) => {
  // A head vet opens a profile; another head vet demotes them before they save.
  const demoted = specVet('rightsDemoted');
  const target = specVet('rightsDisabled');
  const head = await vetPage(browser);
  const page = await vetPage(browser, demoted.email);
  try {
    await page.goto(`/vets/${target.uuid}`);
    const first = page.locator('input[name="firstName"]');
    await expect(first).toBeEnabled();

    const demotion = await head.request.patch(`/v1/vets/${demoted.uuid}`, { data: { kind: 'regular' } });
    expect(demotion.status()).toBe(200);

    await first.fill('Renamed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const toast = page.locator('.mantine-Notification-root');
    await expect(toast.getByText('Error', { exact: true })).toBeVisible();
    await expect(toast.getByText(FORBIDDEN)).toBeVisible();
    await page.locator('.mantine-Notification-root button').first().click();
    await expect(toast).toHaveCount(0);

    // The picture card keeps a refused file's problem beside the picture, but a refused right is a toast.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Save picture' }).click();
    await expect(toast.getByText(FORBIDDEN)).toBeVisible();
    await expect(page.getByTestId('avatar-problem')).toHaveCount(0);
    const after = await head.request.get(`/v1/vets/${target.uuid}`);
    expect(((await after.json()) as { vet: { firstName: string } }).vet.firstName).toBe(target.firstName);
  } finally {
    await head.request.patch(`/v1/vets/${demoted.uuid}`, { data: { kind: 'head' } });
    await head.context().close();
    await page.context().close();
  }
});

for (const viewport of screenViewports) {
  test.describe(`vet rights screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a vet profile as a head vet and as a regular vet @screens', async ({ page, browser }) => {
      const vet = specVet('rightsDisabled');
      await logIn(page, HEAD_VET.email, `/vets?kind=${PRODUCT_NAME}`);
      await bodyRows(page.getByRole('table', { name: 'Teammates' }));
      await shoot(page, 'vets-teammates-head', viewport.name);
      await page.goto(`/vets/${vet.uuid}`);
      await expect(page.getByRole('button', { name: 'Disable vet' })).toBeVisible();
      await shoot(page, 'vet-profile-as-head', viewport.name);
      await page.getByRole('button', { name: 'Disable vet' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, 'vet-disable-confirm', viewport.name);

      const regular = await (await browser.newContext({ viewport })).newPage();
      await logIn(regular, REGULAR_VET.email);
      await regular.goto(`/vets?kind=${PRODUCT_NAME}`);
      await bodyRows(regular.getByRole('table', { name: 'Teammates' }));
      await shoot(regular, 'vets-teammates-regular', viewport.name);
      await regular.goto(`/vets/${vet.uuid}`);
      await expect(regular.getByTestId('avatar-locked')).toBeVisible();
      await regular.locator('input[name="firstName"]').hover({ force: true });
      await expect(regular.getByRole('tooltip')).toBeVisible();
      await shoot(regular, 'vet-profile-as-regular', viewport.name);
      await regular.context().close();
    });
  });
}
