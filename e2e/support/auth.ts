import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, HEAD_VET } from './demo.ts';

/** The web app's storage key for the logged-in flag (apps/web/src/lib/auth/auth-store.ts). */
const AUTH_STORAGE_KEY = 'vetboard.auth';

/** Fills and submits the login form on the current page (which must be /login). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Starts a test signed in, on the home page or on `landing`: a test that goes elsewhere first lands there
 * directly (a full load of home costs a second or more of the suite's CPU for nothing). The login form has tests of its own (login.spec.ts); here
 * the session comes from the same API call the form makes (its cookies land in the browser context),
 * and the app's logged-in flag is stored as the form would store it (SPEC §3: in browser storage),
 * from a plain-text page of the origin. That spares every test the login page and its form.
 */
export async function logIn(page: Page, email = HEAD_VET.email, landing = '/'): Promise<void> {
  const response = await page.request.post('/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const { vet } = (await response.json()) as { vet: unknown };
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    JSON.stringify({ loggedIn: true, vet }),
  ] as const);
  await page.goto(landing);
  if (landing !== '/') return;
  await expect(
    page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / }),
  ).toBeVisible();
}
