import { expect } from '@playwright/test';
import { submitLogin } from '../support/auth.ts';
import { HEAD_VET } from '../support/demo.ts';
import { test } from '../support/test.ts';

test.describe('login and password reset (SPEC §4, §8)', () => {
  test("a failed login shows the 'Error' toast with the server's text", async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'nobody@example.com', 'not-the-password');
    const toast = page.locator('.mantine-Notification-root');
    await expect(toast).toBeVisible();
    await expect(toast.getByText('Error', { exact: true })).toBeVisible();
    await expect(toast.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('the form checks for missing fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('the reset request answers the same for any address', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/reset-password');
    // The URL changes before the page's script has loaded: the login form's field is still there.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const unknown = await page.getByTestId('reset-request-sent').textContent();

    await page.goto('/reset-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(HEAD_VET.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-request-sent')).toHaveText(unknown ?? '');
  });

  test('a new password is checked client-side, and a bad link shows the server error', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('different');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-long-enough-password');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
