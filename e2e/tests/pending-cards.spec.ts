import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { B2B_VET, HAPPYTAILS, HEAD_VET, LUNA, OWNER_APP_TOKEN, PAWSURE } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Biscuit ("Crumblecake"), whose collar reading raises the card. */
const family = specFamily('pendingCards');
const pet = family.pets.biscuit;

function rows(page: Page) {
  return page.getByRole('table', { name: 'Pending cards' }).locator('tbody tr');
}

/** The pet's open respiratory cards resolved, so the reading opens a new one. */
async function clearRespiratoryCards(page: Page) {
  const response = await page.request.get(
    `/v1/pending-cards?petUuid=${pet.uuid}&concern=respiratory&view=all`,
  );
  const { pendingCards } = (await response.json()) as {
    pendingCards: Array<{ uuid: string; status: string }>;
  };
  const open = pendingCards.filter((card) => card.status === 'open').map((card) => card.uuid);
  if (open.length > 0) {
    const resolved = await page.request.post('/v1/pending-cards/bulk-resolve', {
      data: { uuids: open, note: 'Before the spec' },
    });
    expect(resolved.status()).toBe(200);
  }
}

test.describe('pending cards', () => {
  test('a high collar reading raises a card in the open queue without a reload; the vet claims, opens and resolves it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    await clearRespiratoryCards(page);

    await page.goto(`/pending-cards?search=${pet.name}&concern=respiratory`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pending cards' })).toBeVisible();
    await expect(page).toHaveURL(/concern=respiratory/);
    await expect(page.getByText('No pending cards match these filters')).toBeVisible();

    // The collar platform sends three sleeping readings over the high-red threshold (40).
    const now = Math.floor(Date.now() / 1000);
    const posted = await request.post('/v1/trackers/readings', {
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

    // The open page gets it from the live stream.
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(pet.name);
    await expect(row).toContainText(family.owner.fullName);
    await expect(row).toContainText('High-red');
    await expect(row.getByTestId('latest-value')).toHaveText('44 breaths/min over 40');
    await expect(row).toContainText('Unassigned');
    await expect(row.getByTestId('trigger-count')).toHaveText('1');

    // Another night as bad (yesterday's readings, sent late) joins the card: the open page hears of it too.
    const joined = await request.post('/v1/trackers/readings', {
      headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
      data: {
        readings: [0, 1].map((minute) => ({
          id: randomUUID(),
          petUuid: pet.uuid,
          kind: 'respiratory_rate',
          value: 43,
          measuredAt: { seconds: now - 26 * 3600 + minute * 60 },
        })),
      },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    await expect(row.getByTestId('trigger-count')).toHaveText('2');

    await row.getByRole('button', { name: /^I’m on it: / }).click();
    await expect(row).toContainText('Helena Marsh');
    await expect(row.getByRole('button', { name: /^Unclaim: / })).toBeVisible();

    await row.getByRole('link', { name: pet.name }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `${pet.name}: respiratory rate` }),
    ).toBeVisible();
    await expect(page.getByTestId('trigger-value').first()).toHaveText('44 breaths/min over 40');
    await expect(
      page.getByRole('img', { name: /sleeping respiratory rate around the card’s triggers/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the respiratory tracker' })).toHaveAttribute(
      'href',
      `/pets/${pet.uuid}/respiratory-history`,
    );

    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('A note is required')).toBeVisible();
    await dialog
      .getByLabel('Resolution note')
      .fill('Owner called: panting after a hot walk, rechecked at rest.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('resolution-note')).toHaveText(
      'Owner called: panting after a hot walk, rechecked at rest.',
    );

    // Not done after all: reopened with a reason, the card is open again with both triggers, and the vet's.
    await page.getByRole('button', { name: 'Reopen', exact: true }).click();
    const reopen = page.getByRole('dialog', { name: 'Reopen' });
    await reopen.getByRole('button', { name: 'Reopen' }).click();
    await expect(reopen.getByText('A reason is required')).toBeVisible();
    await reopen.getByLabel('Why it is not done').fill('Owner rang again: fast breathing at rest tonight.');
    await reopen.getByRole('button', { name: 'Reopen' }).click();
    await expect(reopen).toBeHidden();
    await expect(page.getByTestId('reopen-reason')).toHaveText(
      'Owner rang again: fast breathing at rest tonight.',
    );
    await expect(page.getByRole('button', { name: 'Unclaim', exact: true })).toBeVisible();
    const resolveTrigger = page.getByRole('button', { name: /^Resolve trigger of / });
    await expect(resolveTrigger).toHaveCount(2);

    // One trigger of two resolves at once; the last one is the card's resolve, in its dialog, note required.
    await resolveTrigger.first().click();
    await expect(resolveTrigger).toHaveCount(1);
    await resolveTrigger.click();
    const last = page.getByRole('dialog', { name: 'Resolve' });
    await expect(last).toContainText('This is the card’s last open trigger: resolving it resolves the card.');
    await last.getByRole('button', { name: 'Resolve' }).click();
    await expect(last.getByText('A note is required')).toBeVisible();
    await last.getByLabel('Resolution note').fill('Rechecked on video: 26 at rest.');
    await last.getByRole('button', { name: 'Resolve' }).click();
    await expect(last).toBeHidden();
    await expect(page.getByTestId('resolution-note')).toHaveText('Rechecked on video: 26 at rest.');
    await expect(page.getByRole('button', { name: 'Reopen', exact: true })).toBeVisible();

    // Gone from the queue, listed as resolved on the pet's cards.
    await page.goto(`/pending-cards?search=${pet.name}&concern=respiratory`);
    await expect(page.getByText('No pending cards match these filters')).toBeVisible();
    await page.goto(`/pets/${pet.uuid}/pending-cards`);
    await expect(page.locator('tbody tr[data-status="resolved"]').first()).toContainText('Respiratory rate');
  });
});

test.describe('pending cards company filter', () => {
  test('offers the companies the vet may see, keeps the choice in the URL, and a company’s vet only their own', async ({
    page,
  }) => {
    await logIn(page, HEAD_VET.email, '/pending-cards?view=all');
    const company = page.getByRole('combobox', { name: 'Company' });
    await company.click();
    // A product vet chooses among every company.
    await expect(page.getByRole('option', { name: HAPPYTAILS.name })).toBeVisible();
    await page.getByRole('option', { name: PAWSURE.name }).click();
    await expect(page).toHaveURL(new RegExp(`companySku=${PAWSURE.sku}`));
    const cards = (await (
      await page.request.get(`/v1/pending-cards?view=all&companySku=${PAWSURE.sku}&pageSize=100`)
    ).json()) as { pendingCards: Array<{ companySku: string | null }> };
    expect(cards.pendingCards.length).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(Math.min(cards.pendingCards.length, 25));
    // The URL brings it back.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(PAWSURE.name);

    await page.context().clearCookies();
    await logIn(page, B2B_VET.email, '/pending-cards');
    await page.getByRole('combobox', { name: 'Company' }).click();
    await expect(page.getByRole('option')).toHaveText([PAWSURE.name]);
  });
});

for (const viewport of screenViewports) {
  test.describe(`pending cards screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('pending cards screens @screens', async ({ page }) => {
      await logIn(page, HEAD_VET.email, '/pending-cards');
      await expect(rows(page).first()).toBeVisible();
      await shoot(page, 'pending-cards-queue', viewport.name);
      const luna = await page.request.get(`/v1/pending-cards?petUuid=${LUNA.uuid}&concern=respiratory`);
      const card = ((await luna.json()) as { pendingCards: Array<{ uuid: string }> }).pendingCards[0];
      await page.goto(`/pending-cards/${card?.uuid}`);
      await expect(page.getByTestId('triggers-table')).toBeVisible();
      await expect(page.getByRole('img', { name: /respiratory rate around/ })).toBeVisible();
      await shoot(page, 'pending-card-luna', viewport.name);
      await page.goto(`/pets/${LUNA.uuid}/pending-cards`);
      await expect(page.getByRole('table', { name: 'Pending cards' })).toBeVisible();
      await shoot(page, 'pet-pending-cards', viewport.name);
    });
  });
}
