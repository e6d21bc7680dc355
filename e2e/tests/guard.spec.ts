import { expect } from '@playwright/test';
import { logIn, submitLogin } from '../support/auth.ts';
import { HEAD_VET, SAMPLE_UUID } from '../support/demo.ts';
import { test } from '../support/test.ts';

test.describe('access guard (SPEC §2)', () => {
  test('a logged-out visitor is sent to login with the full path, and comes back to it after login', async ({
    page,
  }) => {
    await page.goto('/betas?x=1');
    await expect(page).toHaveURL('/login?redirectPath=%2Fbetas%3Fx%3D1');
    await submitLogin(page, HEAD_VET.email);
    await expect(page).toHaveURL('/betas?x=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Betas' })).toBeVisible();
  });

  test('an unsafe redirectPath is ignored after login', async ({ page }) => {
    await page.goto('/login?redirectPath=%2F%2Fevil.example%2Fx');
    await submitLogin(page, HEAD_VET.email);
    await expect(page).toHaveURL('/');
  });

  test('a logged-in vet visiting login goes home', async ({ page }) => {
    await logIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('vet-card')).toBeVisible();
  });

  test('the reset pages and the diet PDF are reachable when logged out', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL('/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

    await page.goto('/reset-password/some-token');
    await expect(page).toHaveURL('/reset-password/some-token');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    // Without a signature and without a session the page says the link is not valid, never "log in".
    await page.goto(`/diets/${SAMPLE_UUID}/pdf`);
    await expect(page).toHaveURL(`/diets/${SAMPLE_UUID}/pdf`);
    await expect(page.getByText('This link is not valid.')).toBeVisible();
  });

  test('a 401 mid-session sends the vet to login with the current full path', async ({ page, context }) => {
    await logIn(page);
    await page.goto('/checkups?page=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkups' })).toBeVisible();

    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL('/login?redirectPath=%2Fcheckups%3Fpage%3D2');

    await submitLogin(page, HEAD_VET.email);
    await expect(page).toHaveURL('/checkups?page=2');
  });

  test('a 401 on the way to another page keeps that page as the way back', async ({ page, context }) => {
    await logIn(page);
    await context.clearCookies();
    await page.goto('/journal?status=new');
    await expect(page).toHaveURL('/login?redirectPath=%2Fjournal%3Fstatus%3Dnew');
    // The vet was logged out: nothing of the old session is left in the browser.
    expect(await page.evaluate(() => window.localStorage.getItem('vetboard.auth'))).toBeNull();
  });
});
