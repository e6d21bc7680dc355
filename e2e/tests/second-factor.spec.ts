import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { logIn, submitLogin } from '../support/auth.ts';
import { specVet } from '../support/fixtures.ts';
import { test } from '../support/test.ts';

/** A code of the authenticator app, `steps` time steps from now (the server accepts one either side). */
function codeOf(secret: string, steps = 0): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + steps * 30_000,
  });
}

async function logOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe('second factor (issue #47)', () => {
  test('a vet sets up an authenticator app, then logs in with a recovery code and with a code', async ({
    page,
  }) => {
    const vet = specVet('secondFactorTotp');
    await logIn(page, vet.email);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account security' }).click();
    await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
    await expect(page.getByTestId('totp-state')).toHaveText('Not set up');

    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(codeOf(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByTestId('recovery-codes').locator('code');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent()) ?? '';
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('totp-state')).toContainText(/^Set up on \d{2}\/\d{2}\/\d{4}$/);

    // A password alone now opens only the second step.
    await logOut(page);
    await submitLogin(page, vet.email);
    await expect(page).toHaveURL(/\/second-factor/);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / }),
    ).toBeVisible();

    // The used recovery code is gone; a code from the app logs in (the next step's: the enrolment
    // spent this one).
    await logOut(page);
    await submitLogin(page, vet.email);
    await expect(page).toHaveURL(/\/second-factor/);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('This code is not valid')).toBeVisible();
    await page.getByRole('button', { name: 'Use your authenticator app instead' }).click();
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / }),
    ).toBeVisible();
  });
});
