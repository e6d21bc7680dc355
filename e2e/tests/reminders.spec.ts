import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, OWNER_APP_TOKEN, PRODUCT_NAME } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Biscuit ("Snickerdoodle"), whose high collar reading gives it a card. */
const family = specFamily('reminders');
const pet = family.pets.biscuit;

function rows(page: Page) {
  return page.getByRole('table', { name: 'Reminders' }).locator('tbody tr');
}

/** The pet's open respiratory card: a high-red reading opens one, or joins the one already open. */
async function openRespiratoryCard(page: Page): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const posted = await page.request.post('/v1/trackers/readings', {
    headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
    data: {
      readings: [0, 1, 2].map((minute) => ({
        id: randomUUID(),
        petUuid: pet.uuid,
        kind: 'respiratory_rate',
        value: 44,
        measuredAt: { seconds: now - 300 + minute * 60 },
      })),
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const listed = await page.request.get(`/v1/pending-cards?petUuid=${pet.uuid}&concern=respiratory`);
  const { pendingCards } = (await listed.json()) as { pendingCards: Array<{ uuid: string }> };
  expect(pendingCards).toHaveLength(1);
  return pendingCards[0]?.uuid ?? '';
}

test.describe('vet reminders', () => {
  test('a vet sets a reminder from a pending card ("Remind me"), edits and reassigns it, and completes it from /reminders', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    const cardUuid = await openRespiratoryCard(page);
    const title = `Recheck ${pet.name} at rest ${randomUUID().slice(0, 8)}`;

    await openInApp(page, `/pending-cards/${cardUuid}`);
    await page.getByRole('button', { name: 'Remind me' }).click();
    const dialog = page.getByRole('dialog', { name: `Remind me about ${pet.name}` });
    const titleInput = dialog.getByRole('textbox', { name: 'Title' });
    await expect(titleInput).toHaveValue(`Check ${pet.name}’s respiratory rate`);
    // The contract's message, before anything is sent.
    await titleInput.fill('   ');
    await dialog.getByRole('button', { name: 'Save reminder' }).click();
    await expect(dialog.getByText('A title is required')).toBeVisible();
    await titleInput.fill(title);
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Count breaths while asleep.');
    await dialog.getByRole('button', { name: 'Save reminder' }).click();
    await expect(dialog).toBeHidden();

    // In the open inbox, assigned to the vet who made it, tied to the card.
    await openInApp(page, `/reminders?search=${pet.name}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${PRODUCT_NAME} Vet Reminders` }),
    ).toBeVisible();
    const row = rows(page).filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(pet.name);
    await expect(row).toContainText(family.owner.fullName);
    await expect(row).toContainText(HEAD_VET.fullName);
    await expect(row).toContainText('Count breaths while asleep.');
    await expect(row.getByRole('link', { name: 'From a pending card' })).toHaveAttribute(
      'href',
      `/pending-cards/${cardUuid}`,
    );

    // Edited and given to nobody from the inbox.
    const edited = `${title}, then call the owner`;
    await row.getByRole('button', { name: `Edit: ${title} (${pet.name})` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit reminder' });
    await expect(editDialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await editDialog.getByRole('textbox', { name: 'Title' }).fill(edited);
    await editDialog.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Nobody' }).click();
    await editDialog.getByRole('button', { name: 'Save reminder' }).click();
    await expect(editDialog).toBeHidden();
    const editedRow = rows(page).filter({ hasText: edited });
    await expect(editedRow).toContainText('Unassigned');

    await editedRow.getByRole('button', { name: `Done: ${edited} (${pet.name})` }).click();
    // Open reminders only: the done one leaves the list.
    await expect(editedRow).toHaveCount(0);

    await page.getByTestId('reminder-status-filter').getByText('Done', { exact: true }).click();
    await expect(page).toHaveURL(/status=done/);
    const done = rows(page).filter({ hasText: edited });
    await expect(done).toContainText(`Done by ${HEAD_VET.fullName}`);
    await expect(done.getByRole('button', { name: `Reopen: ${edited} (${pet.name})` })).toBeVisible();

    // The pet's own reminders list it as done.
    await openInApp(page, `/pets/${pet.uuid}/reminders`);
    await expect(page.locator('tbody tr[data-status="done"]').filter({ hasText: edited })).toHaveCount(1);
  });
});
