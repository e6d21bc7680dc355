import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, OWNER_APP_TOKEN } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { answerAfterLiveReread } from '../support/live.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Biscuit ("Shortbread", PAWSURE): its urgent report goes to no one else's pet. */
const family = specFamily('b2b');
const pet = family.pets.biscuit;

/**
 * The day this spec writes statuses on: before the demo's thirty days, so every PAWSURE pet is still
 * without one and no other spec writes there.
 */
function dayBefore(days: number): { iso: string; shown: string; long: string } {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [y, m, d] = [date.getFullYear(), pad(date.getMonth() + 1), pad(date.getDate())];
  const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    date,
  );
  return { iso: `${y}-${m}-${d}`, shown: `${d}/${m}/${y}`, long };
}

function petRows(page: Page) {
  return page.getByRole('table', { name: 'Pawsure Insurance pets' }).locator('tbody tr');
}

/** The pet of a row of the company's table, from its link to the pet's page. */
async function petUuidOf(row: Locator) {
  const href = await row.getByRole('link').first().getAttribute('href');
  return href?.split('/').at(-1);
}

test.describe('B2B daily statuses', () => {
  test('a vet writes three statuses from the keyboard, e-mails them and sees the delivery recorded', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    const day = dayBefore(45);
    await page.goto('/b2b');
    await expect(page.getByRole('heading', { level: 1, name: 'B2B companies' })).toBeVisible();
    const pawsure = page.getByTestId('company-row').filter({ hasText: 'Pawsure Insurance' });
    await expect(pawsure).toContainText('written');
    await pawsure.getByRole('link', { name: 'Pawsure Insurance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pawsure Insurance' })).toBeVisible();

    // Another day, from the URL the date picker writes.
    await page.goto(`/b2b/PAWSURE?date=${day.iso}`);
    await expect(page.getByTestId('day-picker')).toHaveText(day.shown);
    await expect(page.getByTestId('status-filter')).toContainText('Written (0)');
    const texts = [
      'Ate all meals; long walk on the beach. No concerns.',
      'Quiet day, slept well; drank normally.',
      'Scratched the left ear twice; we will watch it tomorrow.',
    ];
    const inputs = page.getByTestId('status-input');
    await inputs.first().click();
    // The first status read back by its live update remounts its cell: the move to the next pet must
    // outlive that, when it comes before the status's own answer.
    const release = await answerAfterLiveReread(page, {
      changePath: '/v1/b2b/daily-status',
      readPath: '/v1/b2b/pets',
      reread: (body) => (body as { counts: { written: number } }).counts.written === 1,
    });
    for (const [index, text] of texts.entries()) {
      // Enter saves and moves to the next pet without a status.
      await expect(petRows(page).nth(index).getByTestId('status-input')).toBeFocused();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await expect(petRows(page).nth(index).getByTestId('written-status')).toContainText(text);
      if (index === 0) await release();
    }
    await expect(petRows(page).nth(3).getByTestId('status-input')).toBeFocused();
    await expect(page.getByTestId('status-filter')).toContainText('Written (3)');

    // The written filter is kept in the URL.
    await page.getByTestId('status-filter').getByText('Written (3)').click();
    await expect(page).toHaveURL(/status=written/);
    await expect(petRows(page)).toHaveCount(3);

    // The preview shows the recipients and the table before anything is sent.
    await page.getByRole('button', { name: `E-mail the statuses of ${day.shown}` }).click();
    const preview = page.getByTestId('email-preview');
    await expect(preview.getByTestId('recipient')).toHaveText([
      'care-team@pawsure.example',
      'claims-desk@pawsure.example',
    ]);
    await expect(preview).toContainText(`Pawsure Insurance: daily statuses for ${day.long}`);
    const mail = page.frameLocator('iframe[title="E-mail preview"]');
    for (const text of texts) await expect(mail.getByText(text)).toBeVisible();
    // The pets the e-mail leaves out are counted and named before it goes.
    await expect(preview.getByTestId('daily-email-missing')).toContainText(
      new RegExp(`^\\d+ of \\d+ pets have no status on ${day.shown}: the e-mail leaves them out\\.`),
    );
    await expect(preview.getByTestId('daily-email-already-sent')).toHaveCount(0);
    await preview.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('3 statuses e-mailed to 2 recipients.')).toBeVisible();

    // Each recipient's e-mail is recorded with who sent it, and its delivery once the queue has run.
    const sent = page.getByTestId('email-row').filter({ hasText: `daily statuses for ${day.long}` });
    await expect(sent).toHaveCount(2);
    await expect(sent.first()).toContainText('Helena Marsh');
    await expect(sent.first().getByTestId('delivery-status')).not.toHaveText('Sending', { timeout: 20_000 });
    await expect(sent.last().getByTestId('delivery-status')).not.toHaveText('Sending', { timeout: 20_000 });

    // A second send of that day says when and by whom the first went, and asks again.
    await page.getByRole('button', { name: `E-mail the statuses of ${day.shown}` }).click();
    await expect(preview.getByTestId('daily-email-already-sent')).toContainText(
      'by Helena Marsh, to 2 contacts. Send them again?',
    );
    await expect(preview.getByRole('button', { name: 'Send again' })).toBeVisible();
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await expect(preview).toBeHidden();

    // A status deleted from the written list: the list read again by the delete's live update drops
    // the row, and may come before the delete's own answer; the confirmation must outlive the row.
    const releaseDelete = await answerAfterLiveReread(page, {
      changePath: '/v1/b2b/daily-status/*/delete',
      readPath: '/v1/b2b/pets',
      reread: (body) => (body as { counts: { written: number } }).counts.written === 2,
    });
    await petRows(page)
      .nth(2)
      .getByRole('button', { name: /^Delete the status of / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/’s status deleted\.$/)).toBeVisible();
    await releaseDelete();
    await expect(page.getByTestId('status-filter')).toContainText('Written (2)');
    await expect(petRows(page)).toHaveCount(2);
  });

  test('a status being typed is kept when a colleague writes one for the same pet, and can replace it', async ({
    page,
  }) => {
    const day = dayBefore(50);
    await logIn(page, HEAD_VET.email, `/b2b/PAWSURE?date=${day.iso}`);
    await expect(page.getByTestId('status-filter')).toContainText('Written (0)');
    const row = petRows(page).first();
    const input = row.getByTestId('status-input');
    await input.click();
    await page.keyboard.type('Ate well, long nap after the walk.');
    // A colleague (here the same vet in another tab) writes this pet's status meanwhile.
    const petUuid = (await petUuidOf(row)) ?? '';
    const [year, month, dayOfMonth] = day.iso.split('-').map(Number);
    const elsewhere = await page.request.post('/v1/b2b/daily-status', {
      data: {
        petUuid,
        date: { year, month, day: dayOfMonth },
        dailyStatus: 'Night shift: quiet evening.',
      },
    });
    expect(elsewhere.status()).toBe(201);
    const notice = row.getByTestId('status-overtaken');
    await expect(notice).toContainText('“Night shift: quiet evening.”');
    await expect(input).toHaveValue('Ate well, long nap after the walk.');
    // Enter saves the typed status in place of the colleague's.
    await input.press('Enter');
    await expect(row.getByTestId('written-status')).toContainText('Ate well, long nap after the walk.');
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('status-filter')).toContainText('Written (1)');
  });

  test('under “Missing”, the row being typed in stays when a colleague’s status takes its pet out of the list', async ({
    page,
  }) => {
    const day = dayBefore(55);
    await logIn(page, HEAD_VET.email, `/b2b/PAWSURE?date=${day.iso}&status=missing`);
    await expect(page.getByTestId('status-filter')).toContainText('Missing (');
    const uuidsShown = async () => Promise.all((await petRows(page).all()).slice(0, 3).map(petUuidOf));
    await expect(petRows(page)).not.toHaveCount(0);
    const before = await uuidsShown();
    const row = petRows(page).nth(1);
    const petUuid = before[1] ?? '';
    const input = row.getByTestId('status-input');
    await input.click();
    await page.keyboard.type('Ate well, long nap after the walk.');

    const [year, month, dayOfMonth] = day.iso.split('-').map(Number);
    const elsewhere = await page.request.post('/v1/b2b/daily-status', {
      data: { petUuid, date: { year, month, day: dayOfMonth }, dailyStatus: 'Night shift: quiet evening.' },
    });
    expect(elsewhere.status()).toBe(201);
    // The list no longer returns the pet (its count says so), but the row and the typing stay, in place,
    // with the colleague's status beside them.
    await expect(page.getByTestId('status-filter')).toContainText('Written (1)');
    const held = petRows(page).nth(1);
    expect(await uuidsShown()).toEqual(before);
    await expect(held.getByTestId('status-overtaken')).toContainText('“Night shift: quiet evening.”');
    await expect(held.getByTestId('status-input')).toHaveValue('Ate well, long nap after the walk.');
    await expect(held.getByTestId('status-input')).toBeFocused();
    // On a phone the notice fits its cell: the table does not grow past the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    const table = page.getByRole('table', { name: 'Pawsure Insurance pets' });
    await expect
      .poll(() =>
        table.evaluate((element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0)),
      )
      .toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Enter saves it in place of the colleague's; with nothing left unsaved, the row leaves "Missing".
    await page.keyboard.press('Enter');
    await expect.poll(uuidsShown).toEqual([before[0], before[2], expect.any(String)]);
    const history = await page.request.get(
      `/v1/b2b/daily-status?petUuid=${petUuid}&from=${day.iso}&to=${day.iso}`,
    );
    const { dailyStatuses } = (await history.json()) as { dailyStatuses: Array<{ dailyStatus: string }> };
    expect(dailyStatuses.map((status) => status.dailyStatus)).toEqual(['Ate well, long nap after the walk.']);
  });

  test('a vet reads a pet’s history and open cards, and sends an urgent report with its preview', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await logIn(page, HEAD_VET.email, `/b2b/PAWSURE/${pet.uuid}`);
    await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    // The demo's thirty days, newest first.
    await expect(page.getByTestId('history-entry')).toHaveCount(30);
    await expect(page.getByTestId('history-entry').first()).toContainText(dayBefore(0).shown);
    await expect(page.getByTestId('latest-trackers-card')).toBeVisible();

    // Biscuit's demo cards are all resolved; sleeping readings over the high-red threshold (40) open one,
    // which the open page hears of without a reload.
    const openCards = page.getByTestId('open-pending-cards');
    await expect(openCards).toContainText('No open pending cards.');
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
    const card = openCards.getByTestId('open-pending-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('High-red');
    await expect(card).toContainText('44 breaths/min over 40');
    await expect(card).toContainText('Unassigned');
    await expect(card.getByRole('link', { name: 'Respiratory rate' })).toHaveAttribute(
      'href',
      /^\/pending-cards\/[0-9a-f-]{36}$/,
    );

    await page.getByTestId('urgent-preview-button').click();
    await expect(page.getByText('Write the text')).toBeVisible();
    await page
      .getByTestId('urgent-text')
      .fill(`${pet.name} is breathing fast at rest; please call the owner today.`);
    await page.getByTestId('urgent-preview-button').click();
    const preview = page.getByTestId('email-preview');
    await expect(preview.getByTestId('recipient')).toHaveText(['urgent-care@pawsure.example']);
    await expect(preview).toContainText(`Urgent report: ${pet.name} (Pawsure Insurance)`);
    await expect(
      page.frameLocator('iframe[title="E-mail preview"]').getByText('breathing fast at rest'),
    ).toBeVisible();
    await preview.getByRole('button', { name: 'Send' }).click();
    await expect(
      page.getByText(`Urgent report about ${pet.name} e-mailed to urgent-care@pawsure.example.`),
    ).toBeVisible();
    // The report joins the pet's status history, newest first, with who sent it and to whom.
    const report = page.getByTestId('status-history').getByTestId('history-urgent-report');
    await expect(report).toHaveCount(1);
    await expect(page.getByTestId('status-history').locator('> *').first()).toHaveAttribute(
      'data-testid',
      'history-urgent-report',
    );
    await expect(report).toContainText(`${pet.name} is breathing fast at rest; please call the owner today.`);
    await expect(report).toContainText('Helena Marsh');
    await expect(report).toContainText('Sent to urgent-care@pawsure.example');

    await page.goto('/b2b/PAWSURE');
    await expect(
      page.getByTestId('email-row').filter({ hasText: `Urgent report about ${pet.name}` }),
    ).toHaveCount(1);
  });
});

for (const viewport of screenViewports) {
  test(`B2B screens at ${viewport.width} px @screens`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await logIn(page, HEAD_VET.email, '/b2b');
    await expect(page.getByTestId('company-row').first()).toBeVisible();
    await shoot(page, 'b2b-companies', viewport.name);
    await page.goto('/b2b/PAWSURE');
    await expect(petRows(page).first()).toBeVisible();
    await shoot(page, 'b2b-company', viewport.name);
    await page.getByTestId('daily-email-button').click();
    await expect(page.getByTestId('recipient').first()).toBeVisible();
    // The picture is of the warnings too: the pets the e-mail leaves out, counted and named.
    await expect(page.getByTestId('daily-email-missing')).toBeVisible();
    await shoot(page, 'b2b-daily-email-preview', viewport.name);
    await page.goto(`/b2b/PAWSURE/${pet.uuid}`);
    await expect(page.getByTestId('history-entry').first()).toBeVisible();
    await shoot(page, 'b2b-pet', viewport.name);
  });
}
