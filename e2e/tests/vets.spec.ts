import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { B2B_VET, HEAD_VET, PARTNER_VET, PRODUCT_NAME, UNDEFINED_VET } from '../support/demo.ts';
import { bodyRows, downloadCsv, listSummary, screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** The contract's VET_CSV_COLUMNS, spelled out: the file's header is part of what the export promises. */
const VET_CSV_COLUMNS = [
  'uuid',
  'firstName',
  'lastName',
  'email',
  'kind',
  'kindLabel',
  'companySku',
  'createdAt',
];

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function vetUuid(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/v1/vets?search=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const { vets } = (await response.json()) as { vets: { uuid: string; email: string }[] };
  const vet = vets.find((v) => v.email === email);
  expect(vet, `a vet with the e-mail ${email}`).toBeDefined();
  return (vet as { uuid: string }).uuid;
}

test.describe('vets lists (SPEC §2 /vets?kind=)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  for (const [entry, kind, label, member] of [
    ['B2B Vets', 'b2b', 'B2B vet', B2B_VET],
    ['B2B Partners', 'partner', 'B2B partner', PARTNER_VET],
  ] as const) {
    test(`'${entry}' lists only ${label}s, with their company`, async ({ page }) => {
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: entry }).click();
      await expect(page).toHaveURL(`/vets?kind=${kind}`);
      await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
      const table = page.getByRole('table', { name: entry });
      const rows = await bodyRows(table);
      const count = await rows.count();
      expect(count).toBeGreaterThanOrEqual(5);
      await expect(table.locator('tbody').getByText(label, { exact: true })).toHaveCount(count);

      await page.getByRole('searchbox', { name: 'Search vets' }).fill(member.email);
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByRole('link', { name: member.fullName })).toBeVisible();
      await expect(rows.first()).toContainText(member.companySku);
      await expect(rows.first().locator('.mantine-Avatar-root')).toBeVisible();
    });
  }

  test("'Teammates' lists the product's own vets and head vets", async ({ page }) => {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Teammates' })
      .click();
    await expect(page).toHaveURL(`/vets?kind=${PRODUCT_NAME}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Teammates' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Teammates' });
    const rows = await bodyRows(table);
    const count = await rows.count();
    const kinds = table.locator('tbody').getByText(/^(Vet|Head vet)$/);
    await expect(kinds).toHaveCount(count);
    await page.getByRole('searchbox', { name: 'Search vets' }).fill('marsh');
    await expect(rows.filter({ hasText: HEAD_VET.email })).toHaveCount(1);
    await expect(rows.filter({ hasText: HEAD_VET.email })).toContainText('Head vet');
  });

  test('sort and page survive opening a vet and coming back', async ({ page }) => {
    await openInApp(page, `/vets?kind=${PRODUCT_NAME}&pageSize=10`);
    const table = page.getByRole('table', { name: 'Teammates' });
    await bodyRows(table);
    await table.getByRole('button', { name: 'E-mail', exact: true }).click();
    // Ascending is the default order, so the URL leaves it out.
    await expect(page).toHaveURL(`/vets?kind=${PRODUCT_NAME}&pageSize=10&sort=email`);
    await expect(table.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await table.getByRole('button', { name: 'E-mail', exact: true }).click();
    await expect(page).toHaveURL(`/vets?kind=${PRODUCT_NAME}&pageSize=10&sort=email&order=desc`);
    await expect(table.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`/vets?kind=${PRODUCT_NAME}&pageSize=10&sort=email&order=desc&page=2`);
    const rows = await bodyRows(table);
    expect(await listSummary(page)).toMatchObject({ first: 11 });
    const email = (await rows.first().locator('td').nth(2).textContent()) ?? '';

    await rows.first().locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/vets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await page.goBack();
    await expect(page).toHaveURL(`/vets?kind=${PRODUCT_NAME}&pageSize=10&sort=email&order=desc&page=2`);
    await expect((await bodyRows(table)).first().locator('td').nth(2)).toHaveText(email);
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10 / page');
  });

  test('the CSV export holds exactly the vets of the list', async ({ page }) => {
    await openInApp(page, '/vets?kind=partner');
    await bodyRows(page.getByRole('table', { name: 'B2B Partners' }));
    const { total } = await listSummary(page);
    const link = page.getByRole('link', { name: 'Export CSV' });
    await expect(link).toHaveAttribute('href', '/v1/vets/export?kind=partner&sort=name&order=asc');
    const { rows } = await downloadCsv(page, link);
    const [header, ...data] = rows;
    expect(header).toEqual(VET_CSV_COLUMNS);
    expect(data).toHaveLength(total);
    for (const row of data) expect(row[VET_CSV_COLUMNS.indexOf('kind')]).toBe('partner');
    expect(data.map((row) => row[VET_CSV_COLUMNS.indexOf('email')])).toContain(PARTNER_VET.email);
  });

  test('an unknown vet id shows the 404 page', async ({ page }) => {
    await page.goto('/vets/4b0e7a3c-2f1d-4c6b-9a8e-123456789abc');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});

test.describe('creating a vet (/vets/create)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test('validates, shows server errors on the fields, then creates and lists the vet', async ({ page }) => {
    await openInApp(page, '/vets?kind=b2b');
    await page.getByRole('link', { name: 'Create vet' }).click();
    await expect(page).toHaveURL('/vets/create?kind=b2b');
    await expect(page.getByRole('heading', { level: 1, name: 'Create vet' })).toBeVisible();

    const form = page.locator('form');
    await form.getByRole('button', { name: 'Create vet' }).click();
    await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(form.getByText('Required')).toHaveCount(2);
    await expect(form.getByText('Choose the company of this vet')).toBeVisible();

    // Both refusals come from the server: a taken e-mail (409) and a company that does not exist (400).
    await form.getByRole('textbox', { name: 'E-mail' }).fill(B2B_VET.email);
    await form.locator('input[name="firstName"]').fill('Nora');
    await form.locator('input[name="lastName"]').fill('Quinn');
    await form.getByRole('textbox', { name: 'Company' }).fill('PAWSURE');
    await form.getByRole('button', { name: 'Create vet' }).click();
    await expect(form.getByText('A vet with this e-mail already exists')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');

    const email = `nora.quinn.${Date.now()}@example.com`;
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await form.getByRole('textbox', { name: 'Company' }).fill('NO-SUCH-COMPANY');
    await form.getByRole('button', { name: 'Create vet' }).click();
    await expect(form.getByText('No company has this code')).toBeVisible();
    await expect(form.getByText('A vet with this e-mail already exists')).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Company' }).fill('pawsure');
    await form.getByRole('button', { name: 'Create vet' }).click();
    await expect(page.getByText('Vet created. A link to set their password was e-mailed.')).toBeVisible();
    await expect(page).toHaveURL('/vets?kind=b2b');
    await page.getByRole('searchbox', { name: 'Search vets' }).fill(email);
    const rows = await bodyRows(page.getByRole('table', { name: 'B2B Vets' }));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Nora Quinn');
    await expect(rows.first()).toContainText('PAWSURE');
  });

  test('a teammate created from Teammates goes back to Teammates', async ({ page }) => {
    await openInApp(page, `/vets?kind=${PRODUCT_NAME}`);
    await page.getByRole('link', { name: 'Create vet' }).click();
    await expect(page).toHaveURL('/vets/create?kind=regular');
    const form = page.locator('form');
    await expect(form.getByRole('textbox', { name: 'Company' })).toHaveCount(0);
    const email = `teammate.${Date.now()}@example.com`;
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await form.locator('input[name="firstName"]').fill('Tess');
    await form.locator('input[name="lastName"]').fill('Mate');
    await form.getByRole('button', { name: 'Create vet' }).click();
    await expect(page).toHaveURL(`/vets?kind=${PRODUCT_NAME}`);
    await page.getByRole('searchbox', { name: 'Search vets' }).fill(email);
    await expect(await bodyRows(page.getByRole('table', { name: 'Teammates' }))).toHaveCount(1);
  });
});

test.describe('a vet profile (/vets/{uuid})', () => {
  // Its own demo vet, so the renames here never race the tests that read Helena Marsh in the header.
  test.beforeEach(async ({ page }) => {
    await logIn(page, UNDEFINED_VET.email);
  });

  test("saving one's own name updates the header at once, without a reload", async ({ page }) => {
    const [firstName, lastName] = UNDEFINED_VET.fullName.split(' ') as [string, string];
    const header = page.locator('header');
    await header
      .getByRole('button', { name: new RegExp(`${UNDEFINED_VET.fullName}, .*: account menu$`) })
      .click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(`/vets/${await vetUuid(page, UNDEFINED_VET.email)}`);
    await expect(page.getByText('Your profile')).toBeVisible();
    // SPEC §9's vet view: DD/MM/YYYY HH:MM:SS, and this vet has just signed in.
    const dates = page.getByTestId('vet-dates');
    await expect(dates).toContainText(/Created: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC/);
    await expect(dates).toContainText(/Last signed in: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC/);
    await expect(dates).toContainText(/Last changed: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC/);

    const first = page.locator('input[name="firstName"]');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(first).toHaveValue(firstName);
    await expect(page.locator('input[name="lastName"]')).toHaveValue(lastName);
    await expect(save).toBeDisabled();

    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });
    await first.fill('Alexandra');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(page.getByTestId('header-vet-name')).toHaveText(`Alexandra ${lastName}`);
    await expect(save).toBeDisabled();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await page.reload();
    await expect(first).toHaveValue('Alexandra');
    await first.fill(firstName);
    await save.click();
    await expect(page.getByTestId('header-vet-name')).toHaveText(UNDEFINED_VET.fullName);
  });

  test('an avatar is previewed before saving, refused over 2 MB, and removable', async ({ page }) => {
    await openInApp(page, `/vets/${await vetUuid(page, UNDEFINED_VET.email)}`);
    const input = page.locator('input[type="file"]');
    await expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');

    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(3 * 1024 * 1024, 1),
    });
    await expect(page.getByTestId('avatar-problem')).toHaveText(
      'This picture is larger than 2 MB. Choose a smaller one.',
    );

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('avatar-problem')).toHaveCount(0);
    const preview = page.getByTestId('avatar-preview').locator('img');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect(page.getByText('Preview of me.png')).toBeVisible();

    await page.getByRole('button', { name: 'Save picture' }).click();
    await expect(page.getByText('Picture saved.')).toBeVisible();
    const current = page.getByTestId('avatar-current').locator('img');
    await expect(current).toHaveAttribute('src', /^\/v1\/files\/[0-9a-f-]{36}$/);
    // Their own picture: the header shows it too, at once.
    await expect(page.locator('header img')).toHaveAttribute('src', /^\/v1\/files\//);
    const image = await page.request.get((await current.getAttribute('src')) ?? '');
    expect(image.headers()['content-type']).toBe('image/png');

    await page.getByRole('button', { name: 'Remove picture' }).click();
    await expect(page.getByText('Picture removed.')).toBeVisible();
    await expect(page.getByTestId('avatar-current').locator('img')).toHaveCount(0);
    await expect(page.locator('header img')).toHaveCount(0);
  });
});

for (const viewport of screenViewports) {
  test.describe(`vets screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`vets screens @screens`, async ({ page }) => {
      await logIn(page, HEAD_VET.email, '/vets?kind=b2b');
      await bodyRows(page.getByRole('table', { name: 'B2B Vets' }));
      await shoot(page, 'vets-b2b', viewport.name);
      await page.goto('/vets/create?kind=b2b');
      await page.locator('form').getByRole('button', { name: 'Create vet' }).click();
      await expect(page.getByText('Choose the company of this vet')).toBeVisible();
      await shoot(page, 'vet-create', viewport.name);
      await page.goto(`/vets/${await vetUuid(page, HEAD_VET.email)}`);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await page.locator('input[name="firstName"]').fill('Helena (edited)');
      await shoot(page, 'vet-profile', viewport.name);
    });
  });
}
