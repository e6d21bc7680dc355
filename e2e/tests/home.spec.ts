import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { specFamily } from '../support/fixtures.ts';
import { test } from '../support/test.ts';

/** The reminders spec's pet: this spec only adds a reminder about it and completes it. */
const pet = specFamily('reminders').pets.biscuit;

test.describe('home page', () => {
  test('counts every queue, follows a change live, and the tab icon shows open high-red cards', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    const me = (await (await page.request.get('/v1/auth/vet')).json()) as { uuid: string };
    const overdue = page.getByTestId('count-remindersOverdue');
    await expect(page.getByTestId('home-todo')).toBeVisible();
    const before = Number(await overdue.textContent());

    // Each count opens its inbox already filtered.
    await expect(page.locator('[data-count="pendingCards-high-red"]')).toHaveAttribute(
      'href',
      '/pending-cards?severity=high-red',
    );
    await expect(page.locator('[data-count="newJournalEntries"]')).toHaveAttribute(
      'href',
      '/journal?status=new',
    );
    await expect(page.locator('[data-count="medicalRecordsToReview"]')).toHaveAttribute(
      'href',
      '/medical-records?status=pending',
    );
    await expect(page.locator('[data-count="weeklyReportsToReview"]')).toHaveAttribute(
      'href',
      '/weekly-reports?status=draft',
    );
    // The owners' questions waiting longest, each opening its pet's Q&A (Luna's open one among the demo's).
    await expect(page.getByTestId('count-openQuestions')).not.toHaveText('0');
    await expect(page.locator('[data-question-uuid] a').first()).toHaveAttribute(
      'href',
      /^\/pets\/[0-9a-f-]{36}\/qa$/,
    );
    await expect(page.locator('[data-count="remindersOverdue"]')).toHaveAttribute(
      'href',
      '/reminders?assignment=mine',
    );
    // The demo's Luna has an open high-red card: the tab icon says so, the title does not change.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon-alert.svg');
    await expect(page).toHaveTitle('dashboard');

    // Another tab (the API here) gives the vet a reminder overdue for a month, so first in "My
    // reminders": the count and the list follow without a reload.
    const created = await page.request.post('/v1/reminders', {
      data: {
        petUuid: pet.uuid,
        title: `Home live ${randomUUID().slice(0, 8)}`,
        dueAt: { seconds: Math.floor(Date.now() / 1000) - 30 * 86_400 },
        assigneeUuid: me.uuid,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await expect(overdue).toHaveText(String(before + 1));
    const { reminder } = (await created.json()) as { reminder: { uuid: string; title: string } };
    await expect(page.locator(`[data-reminder-uuid="${reminder.uuid}"]`)).toContainText(reminder.title);

    const done = await page.request.post(`/v1/reminders/${reminder.uuid}/complete`);
    expect(done.status()).toBe(200);
    await expect(overdue).toHaveText(String(before));
  });
});
