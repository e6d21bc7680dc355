import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { FAILED_JOB, REGULAR_VET } from '../support/demo.ts';
import { test } from '../support/test.ts';

test.describe('/jobs', () => {
  test('a head vet reaches it from the user menu, sees the queues and the failure, and retries it', async ({
    page,
  }) => {
    await logIn(page);
    // Not in the side menu, which stays as SPEC §2 has it.
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Jobs' })).toHaveCount(0);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Jobs' }).click();
    await expect(page).toHaveURL('/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();

    const queues = page.getByRole('table', { name: 'Queues' });
    await expect(queues.getByRole('row', { name: /auth\.purge/ })).toBeVisible();
    const queue = page.getByTestId(`queue-${FAILED_JOB.queue}`);
    await expect(queue.getByRole('cell')).toHaveText([FAILED_JOB.queue, '0', '0', '1']);

    const failure = page.getByTestId('job-failure').filter({ hasText: FAILED_JOB.queue });
    await expect(failure).toContainText(FAILED_JOB.error);
    await expect(failure).toContainText('after 1 try');
    await failure.getByRole('button', { name: 'Retry' }).click();
    // Back in its queue: waiting for a worker, no longer a failure.
    await expect(failure).toHaveCount(0);
    await expect(queue.getByRole('cell')).toHaveText([FAILED_JOB.queue, '1', '0', '0']);
  });

  test('a vet who is not a head vet has no way in', async ({ page }) => {
    await logIn(page, REGULAR_VET.email);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Jobs' })).toHaveCount(0);
    await page.goto('/jobs');
    await expect(page.getByText('403')).toBeVisible();
    await expect(page.getByText('Only head vets can see the jobs')).toBeVisible();
  });
});
