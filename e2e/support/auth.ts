import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, HEAD_VET } from './demo.ts';

/** Fills and submits the login form on the current page (which must be /login). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logIn(page: Page, email = HEAD_VET.email): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / }),
  ).toBeVisible();
}
