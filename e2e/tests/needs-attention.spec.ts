import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { test } from '../support/test.ts';

/** Its own copy of Luna, Quillamber (her cards, reminder, checkup and question come along), so claiming races no other spec. */
const marzipan = specFamily('needsAttention').pets.luna;

test.describe('a pet’s open work on its profile (issue #39 §2)', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, HEAD_VET.email, `/pets/${marzipan.uuid}`);
  });

  test('the profile lists what is open, most severe card first, and the header shows the severity', async ({
    page,
  }) => {
    const section = page.getByTestId('needs-attention');
    await expect(section.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
    const cards = section.getByTestId('attention-pending_card');
    // Her open cards as the queue counts them (the seed snoozes one card in seven across the fleet, in
    // an order that depends on when it ran, so her journal card is sometimes snoozed): at least the
    // respiratory and checkup ones.
    const open = await page.request.get(`/v1/pending-cards?petUuid=${marzipan.uuid}&view=open`);
    expect(open.status()).toBe(200);
    const openCount = ((await open.json()) as { pagination: { total: number } }).pagination.total;
    expect(openCount).toBeGreaterThanOrEqual(2);
    await expect(cards).toContainText(`Open cards (${openCount})`);
    const first = cards.getByTestId('attention-item').first();
    await expect(first).toContainText('High-red');
    await expect(first).toContainText('Respiratory rate');
    // The wait's start beside SPEC §9's capped hours.
    await expect(first).toContainText(/\+24h\s*since \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(section.getByTestId('attention-reminder')).toContainText(/Reminders? due \(\d+\)/);
    await expect(section.getByTestId('attention-checkup')).toContainText('Cardiac follow-up');
    await expect(section.getByTestId('attention-checkup')).toContainText('3 problematic answers');
    await expect(section.getByTestId('attention-question')).toContainText('Open question (1)');
    await expect(page.getByTestId('pet-open-severity')).toHaveText('High-red');
  });

  test('claiming a card from the profile names the vet; each item opens the page that handles it', async ({
    page,
  }) => {
    const cards = page.getByTestId('needs-attention').getByTestId('attention-pending_card');
    const respiratory = cards.getByTestId('attention-item').filter({ hasText: 'Respiratory rate' });
    await respiratory.getByRole('button', { name: 'Claim the respiratory rate card' }).click();
    await expect(respiratory).toContainText(`Claimed by ${HEAD_VET.fullName}`);
    await expect(respiratory.getByRole('button', { name: /Claim/ })).toHaveCount(0);

    await page.getByTestId('attention-checkup').getByRole('link', { name: 'Cardiac follow-up' }).click();
    await expect(page).toHaveURL(/\/checkups\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cardiac follow-up');
  });
});
