import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { EMMA_CLARKE, EMMA_FAMILY, HEAD_VET, PRODUCT_NAME, TOM_BECKER, TOM_FAMILY } from '../support/demo.ts';
import { bodyRows, downloadCsv, listSummary, screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** The contract's USER_CSV_COLUMNS, spelled out: the file's header is part of what the export promises. */
const USER_CSV_COLUMNS = [
  'uuid',
  'name',
  'email',
  'phone',
  'userType',
  'familyKind',
  'b2BCode',
  'petsCount',
  'country',
  'createdAt',
] as const;

test.describe('users lists (SPEC §2 /users?user_type=)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("the 'B2B users' menu entry lists B2B owners from the server", async ({ page }) => {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'B2B users' })
      .click();
    await expect(page).toHaveURL('/users?user_type=2');
    await expect(page.getByRole('heading', { level: 1, name: 'B2B users' })).toBeVisible();
    const table = page.getByRole('table', { name: 'B2B users' });
    const rows = await bodyRows(table);
    await expect(rows).toHaveCount(25);
    const { first, last, total } = await listSummary(page);
    expect([first, last]).toEqual([1, 25]);
    expect(total).toBeGreaterThan(100);
    // Every row is a B2B owner, with a company code.
    await expect(table.locator('tbody').getByText('Direct', { exact: true })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(rows.first().getByRole('cell').nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(TOM_BECKER.email);
    await expect(page).toHaveURL(/search=tom\.becker%40example\.com/);
    await expect(rows).toHaveCount(1);
    const tom = rows.first();
    await expect(tom.getByRole('link', { name: TOM_BECKER.fullName })).toHaveAttribute(
      'href',
      `/families/${TOM_FAMILY.uuid}/pets`,
    );
    await expect(tom).toContainText(TOM_BECKER.email);
    await expect(tom).toContainText('B2B');
    await expect(tom).toContainText(TOM_BECKER.b2BCode);
    await expect(page.getByTestId('list-summary')).toHaveText('1–1 of 1');
  });

  test("the '{product}' menu entry lists the product's own customers", async ({ page }) => {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: PRODUCT_NAME, exact: true })
      .click();
    await expect(page).toHaveURL('/users?user_type=1');
    await expect(page.getByRole('heading', { level: 1, name: `${PRODUCT_NAME} users` })).toBeVisible();
    const table = page.getByRole('table', { name: `${PRODUCT_NAME} users` });
    await expect(await bodyRows(table)).toHaveCount(25);
    await expect(table.locator('tbody').getByText('B2B', { exact: true })).toHaveCount(0);
  });

  test('a row opens the family; page, sort and search survive going back and reloading', async ({ page }) => {
    await openInApp(page, '/users?user_type=1');
    const table = page.getByRole('table', { name: `${PRODUCT_NAME} users` });
    await bodyRows(table);

    await table.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page).toHaveURL('/users?user_type=1&sort=name&order=asc');
    await page.getByTestId('list-pagination').getByRole('button', { name: '3', exact: true }).click();
    await expect(page).toHaveURL('/users?user_type=1&sort=name&order=asc&page=3');
    const rows = await bodyRows(table);
    expect((await listSummary(page)).first).toBe(51);
    const firstName = (await rows.first().locator('td').first().textContent()) ?? '';
    const withFamily = rows.filter({ has: page.locator('td:first-child a') }).first();
    const familyHref = (await withFamily.locator('td:first-child a').getAttribute('href')) ?? '';

    // A click on the row, not on its link: the whole row opens the family.
    await withFamily.getByRole('cell').nth(5).click();
    await expect(page).toHaveURL(familyHref);
    await page.goBack();
    await expect(page).toHaveURL('/users?user_type=1&sort=name&order=asc&page=3');
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(
      page.getByTestId('list-pagination').getByRole('button', { name: '3', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expect((await bodyRows(table)).first().locator('td').first()).toHaveText(firstName);

    await page.reload();
    await expect((await bodyRows(table)).first().locator('td').first()).toHaveText(firstName);
    expect((await listSummary(page)).first).toBe(51);

    // Searching goes back to page 1 and replaces the history entry instead of adding one per key.
    await page.getByRole('searchbox', { name: 'Search users' }).pressSequentially('clarke', { delay: 40 });
    await expect(page).toHaveURL('/users?user_type=1&sort=name&order=asc&search=clarke');
    const emma = (await bodyRows(table)).filter({ hasText: EMMA_CLARKE.email });
    await expect(emma).toHaveCount(1);
    await emma.getByRole('link', { name: EMMA_CLARKE.fullName }).click();
    await expect(page).toHaveURL(`/families/${EMMA_FAMILY.uuid}/pets`);
    await page.goBack();
    await expect(page).toHaveURL('/users?user_type=1&sort=name&order=asc&search=clarke');
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('clarke');
    await page.goBack();
    await expect(page).toHaveURL('/users?user_type=1&sort=name&order=asc&page=3');
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  test('no match shows the empty state, whose action clears the search', async ({ page }) => {
    await openInApp(page, '/users?user_type=2&search=zzzz-nobody-has-this');
    await expect(page.getByText('No users match these filters')).toBeVisible();
    await expect(page.getByTestId('list-summary')).toHaveText('0 of 0');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/users?user_type=2');
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    await expect(await bodyRows(page.getByRole('table', { name: 'B2B users' }))).toHaveCount(25);
  });

  test('bad values in the URL fall back to the defaults instead of failing', async ({ page }) => {
    await page.goto('/users?user_type=7&page=-3&pageSize=9999&sort=password&order=sideways');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(await bodyRows(page.getByRole('table', { name: 'Users' }))).toHaveCount(25);
    expect((await listSummary(page)).first).toBe(1);
  });

  test('the CSV export downloads the rows of the current filter, streamed by the server', async ({
    page,
  }) => {
    await openInApp(page, '/users?user_type=2&search=becker');
    const table = page.getByRole('table', { name: 'B2B users' });
    await expect((await bodyRows(table)).first()).toBeVisible();
    const { total } = await listSummary(page);
    expect(total).toBeGreaterThan(0);

    const link = page.getByRole('link', { name: 'Export CSV' });
    await expect(link).toHaveAttribute(
      'href',
      '/v1/users/export?user_type=2&search=becker&sort=createdAt&order=desc',
    );
    const { filename, rows } = await downloadCsv(page, link);
    expect(filename).toMatch(/\.csv$/);
    const [header, ...data] = rows;
    expect(header).toEqual([...USER_CSV_COLUMNS]);
    expect(data).toHaveLength(total);
    const column = (name: (typeof USER_CSV_COLUMNS)[number]) => USER_CSV_COLUMNS.indexOf(name);
    for (const row of data) {
      expect(row[column('userType')]).toBe('2');
      expect(`${row[column('name')]} ${row[column('email')]}`.toLowerCase()).toContain('becker');
    }
    expect(data.map((row) => row[column('email')])).toContain(TOM_BECKER.email);
  });
});

for (const viewport of screenViewports) {
  test.describe(`users screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`users list @screens`, async ({ page }) => {
      await logIn(page, HEAD_VET.email, '/users?user_type=2');
      await bodyRows(page.getByRole('table', { name: 'B2B users' }));
      await shoot(page, 'users-b2b', viewport.name);
      await page.goto('/users?user_type=1&search=zzzz-nobody');
      await expect(page.getByText('No users match these filters')).toBeVisible();
      await shoot(page, 'users-empty', viewport.name);
    });
  });
}
