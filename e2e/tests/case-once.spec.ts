import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, OWNER_APP_TOKEN } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Biscuit ("Tiddlywink"): reviewing his checkup closes no one else's card. */
const family = specFamily('caseOnce');
const pet = family.pets.biscuit;

function rows(page: Page) {
  return page.getByRole('table', { name: 'Pending cards' }).locator('tbody tr');
}

/** The pet's open checkup cards (the copy's seeded ones) resolved, so the spec's checkup opens its own. */
async function clearCheckupCards(page: Page) {
  const response = await page.request.get(`/v1/pending-cards?petUuid=${pet.uuid}&concern=checkup&view=all`);
  const { pendingCards } = (await response.json()) as {
    pendingCards: Array<{ uuid: string; status: string }>;
  };
  const open = pendingCards.filter((card) => card.status === 'open').map((card) => card.uuid);
  if (open.length === 0) return;
  const resolved = await page.request.post('/v1/pending-cards/bulk-resolve', {
    data: { uuids: open, note: 'Before the spec' },
  });
  expect(resolved.status()).toBe(200);
}

/** A checkup of a new pool sent to the pet and answered with its problematic option by the owner app. */
async function problematicCheckup(page: Page): Promise<string> {
  const created = await page.request.post('/v1/forms', {
    data: {
      form: {
        title: `Night cough check ${Date.now()}`,
        questionGroups: [
          {
            title: 'Breathing',
            questions: [
              {
                title: 'Coughing at night?',
                options: [{ title: 'No' }, { title: 'Every night', problematic: true }],
              },
            ],
          },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { form } = (await created.json()) as {
    form: { uuid: string; questionGroups: Array<{ questions: Array<{ uuid: string }> }> };
  };
  const sent = await page.request.post(`/v1/forms/${form.uuid}/send`, { data: { petUuid: pet.uuid } });
  expect(sent.status(), await sent.text()).toBe(201);
  const [checkupUuid = ''] = ((await sent.json()) as { checkupUuids: string[] }).checkupUuids;
  const answered = await page.request.post(`/v1/checkups/${checkupUuid}/answers`, {
    headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
    data: {
      answers: [{ questionUuid: form.questionGroups[0]?.questions[0]?.uuid, optionSku: 'every_night' }],
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  return checkupUuid;
}

test.describe('an item and its card are one case', () => {
  test('review a problematic checkup and see its card resolved in the open queue without a reload', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    await clearCheckupCards(page);
    const checkupUuid = await problematicCheckup(page);

    // The card queue, open in one tab: the card the answers raised arrives (a job reads the signal).
    await page.goto(`/pending-cards?search=${pet.name}&concern=checkup`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pending cards' })).toBeVisible();
    await expect(rows(page)).toHaveCount(1, { timeout: 15_000 });
    await expect(rows(page).first()).toContainText(pet.name);
    // Reloads would lose this marker: it proves the queue below was updated in place.
    await page.evaluate(() => {
      (window as unknown as { liveMarker: boolean }).liveMarker = true;
    });

    // The checkup, in another tab of the same browser: its page names the card, open and unclaimed.
    const checkupPage = await page.context().newPage();
    await checkupPage.goto(`/checkups/${checkupUuid}`);
    const section = checkupPage.getByRole('region', { name: 'Pending card' });
    await expect(section).toBeVisible();
    await expect(section).toContainText('High-orange');
    await expect(section.getByTestId('item-pending-card-status')).toHaveText('Open');
    await expect(section).toContainText('Not claimed');
    const link = section.getByRole('link', { name: 'Checkup card' });
    await expect(link).toHaveAttribute('href', /^\/pending-cards\/[0-9a-f-]{36}$/);

    // Before the review, the card's own page says what its checkup still waits for.
    const cardPage = await page.context().newPage();
    await cardPage.goto((await link.getAttribute('href')) ?? '');
    const waiting = cardPage.getByTestId('triggers-table').locator('tbody tr', {
      has: cardPage.getByRole('link', { name: 'Open the checkup' }),
    });
    await expect(waiting.getByTestId('trigger-item-state')).toHaveText('Awaiting review');
    await cardPage.close();

    await checkupPage.getByRole('textbox', { name: 'Vet comment' }).fill('Booked a recheck on Friday.');
    await checkupPage.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect(checkupPage.getByText('Checkup marked reviewed.')).toBeVisible();
    await expect(section.getByTestId('item-pending-card-status')).toHaveText('Resolved');

    // The queue drops the card by itself.
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText('No pending cards match these filters')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker)).toBe(true);

    // And the card's own page says what became of the checkup, beside its link, and the review's words.
    await link.click();
    await expect(checkupPage).toHaveURL(/\/pending-cards\//);
    const trigger = checkupPage.getByTestId('triggers-table').locator('tbody tr', {
      has: checkupPage.getByRole('link', { name: 'Open the checkup' }),
    });
    await expect(trigger.getByTestId('trigger-item-state')).toHaveText(`Reviewed by ${HEAD_VET.fullName}`);
    await expect(trigger).toContainText('Booked a recheck on Friday.');
  });
});
