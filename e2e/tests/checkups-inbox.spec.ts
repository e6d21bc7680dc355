import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, LUNA, LUNA_CHECKUPS, OWNER_APP_TOKEN, POOLS } from '../support/demo.ts';
import { specFamily, specId } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Quodlibet") and her checkups, so answering and reviewing change no one else's. */
const family = specFamily('checkups');
const pet = family.pets.luna;
const monthlySent = specId(family.key, LUNA_CHECKUPS.monthlySent);
const cardiacAwaiting = specId(family.key, LUNA_CHECKUPS.cardiacAwaiting);

interface Question {
  uuid: string;
  title: string;
  options: Array<{ sku: string; title: string; problematic: boolean }>;
}

async function questionsOf(page: Page, checkupUuid: string): Promise<Question[]> {
  const response = await page.request.get(`/v1/checkups/${checkupUuid}`);
  expect(response.status()).toBe(200);
  const { checkup } = (await response.json()) as {
    checkup: { questionGroups: Array<{ questions: Question[] }> };
  };
  return checkup.questionGroups.flatMap((group) => group.questions);
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Checkups' }).locator('tbody tr');
}

test.describe('the checkups inbox', () => {
  test('an owner’s problematic answers come first, highlighted; the vet reviews, then amends the comment', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);

    // The owner app posts the answers to the checkup sent yesterday: "Not themselves" is worrying.
    const questions = await questionsOf(page, monthlySent);
    const answers = questions.map((question, index) => {
      const option =
        index === 0
          ? question.options.find((candidate) => candidate.problematic)
          : question.options.find((candidate) => !candidate.problematic);
      if (!option) throw new Error(`no option to pick for "${question.title}"`);
      return { questionUuid: question.uuid, optionSku: option.sku };
    });
    const worrying = questions[0]?.options.find((option) => option.problematic)?.title ?? '';
    expect(worrying).toBe('Not themselves');
    const posted = await request.post(`/v1/checkups/${monthlySent}/answers`, {
      headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
      data: { answers },
    });
    expect(posted.status(), await posted.text()).toBe(200);

    // The pet's checkups in the inbox order: the two awaiting review (both problematic), oldest answer
    // first, before the ones already reviewed.
    await openInApp(page, `/checkups?search=${pet.name}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkups' })).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).nth(0)).toContainText(POOLS.cardiac.title);
    await expect(rows(page).nth(0)).toContainText('Awaiting review');
    await expect(rows(page).nth(1)).toContainText(POOLS.monthly.title);
    await expect(rows(page).nth(1)).toContainText('1 problematic');
    await expect(rows(page).nth(2)).toContainText('Reviewed');
    await expect(page.getByTestId('status-filter')).toContainText('Awaiting review (2)');

    // Filtered to the pool, the new answers are first.
    await page.getByRole('combobox', { name: 'Checkup pool' }).click();
    await page.getByRole('option', { name: POOLS.monthly.title }).click();
    await expect(page).toHaveURL(new RegExp(`poolUuid=${POOLS.monthly.uuid}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(pet.name);
    await expect(rows(page).first()).toContainText(family.owner.fullName);
    await rows(page).first().getByRole('link', { name: pet.name }).click();

    await expect(page).toHaveURL(`/checkups/${monthlySent}`);
    await expect(page.getByRole('heading', { level: 1, name: POOLS.monthly.title })).toBeVisible();
    await expect(page.getByTestId('checkup-pet')).toHaveAttribute('href', `/pets/${pet.uuid}`);
    const flagged = page.locator('[data-problematic]');
    await expect(flagged).toHaveCount(1);
    await expect(flagged).toContainText('Overall, how has your pet been this month?');
    await expect(flagged.getByTestId('answer')).toHaveText(worrying);
    await expect(flagged.getByText('Problematic', { exact: true })).toBeVisible();

    // Review it.
    const review = page.getByRole('region', { name: 'Review' });
    await review
      .getByRole('textbox', { name: 'Vet comment' })
      .fill('Called the owner: quieter since a long hike.');
    await review.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect(page.getByText('Checkup marked reviewed.')).toBeVisible();
    await expect(review.getByTestId('vet-comment')).toContainText(
      'Called the owner: quieter since a long hike.',
    );
    await expect(review.getByTestId('vet-comment')).toContainText(HEAD_VET.fullName);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(`by ${HEAD_VET.fullName}`);

    // Amend the comment: the first one stays in the history.
    await review.getByRole('button', { name: 'Amend the comment' }).click();
    const amended = review.getByRole('textbox', { name: 'Amended comment' });
    await expect(amended).toHaveValue('Called the owner: quieter since a long hike.');
    await amended.fill('Bright again after two days of rest: nothing to do.');
    await review.getByRole('button', { name: 'Save amendment' }).click();
    await expect(page.getByText('Comment amended.')).toBeVisible();
    await expect(review.getByTestId('vet-comment')).toContainText('Bright again after two days of rest');
    const history = review.getByTestId('comment-history-entry');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Called the owner: quieter since a long hike.');
    await expect(history).toContainText(HEAD_VET.fullName);

    // Back in the inbox, one checkup of the pet still awaits review.
    await page.goto(`/checkups?search=${pet.name}&status=answered`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(POOLS.cardiac.title);
  });

  test('the pet’s checkups list every status, each opening its checkup', async ({ page }) => {
    await logIn(page);
    await openInApp(page, `/pets/${pet.uuid}/checkups`);
    await expect(page.getByRole('heading', { level: 1, name: 'Health checkups' })).toBeVisible();
    const table = page.getByTestId('pet-checkups-table');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(table.locator(`tr[data-checkup-uuid="${cardiacAwaiting}"]`)).toContainText('3 problematic');
    await table.locator(`tr[data-checkup-uuid="${cardiacAwaiting}"]`).getByRole('link').click();
    await expect(page).toHaveURL(`/checkups/${cardiacAwaiting}`);
    const flagged = page.locator('[data-problematic]');
    await expect(flagged.filter({ hasText: 'Has your pet been coughing?' })).toContainText(
      'At night or when lying down',
    );
    await expect(flagged.filter({ hasText: 'breathing faster than usual while asleep' })).toContainText(
      'A little faster',
    );
  });

  test('the inbox filters by status and problematic answers, kept in the URL', async ({ page }) => {
    await logIn(page);
    await openInApp(page, '/checkups');
    await expect(rows(page).first()).toContainText('Awaiting review');
    await page.getByText('Problematic only').click();
    await expect(page).toHaveURL(/problematic=true/);
    await expect(rows(page).first()).toContainText('problematic');
    await page
      .getByTestId('status-filter')
      .getByText(/^Reviewed/)
      .click();
    await expect(page).toHaveURL(/status=reviewed/);
    await expect(rows(page).first()).toContainText('Reviewed');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Problematic only' })).toBeChecked();
    await expect(rows(page).first()).toContainText('Reviewed');
  });
});

/** A second spec pet (a copy of Biscuit), whose checkups the live-update test sends and answers. */
const live = specFamily('checkupsLive');

/** `date` as the inbox writes it (DD/MM/YYYY) and as the day picker names it ("15 November 2026"). */
function dayLabels(date: Date): { cell: string; picker: string } {
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    cell: `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`,
    picker: `${date.getDate()} ${date.toLocaleString('en-GB', { month: 'long' })} ${date.getFullYear()}`,
  };
}

function daysBefore(today: Date, days: number): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
}

/** `date` as the URL keeps it (2026-11-15). */
function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Clicks `day` in the open range picker, which shows the month of `shown`, paging to `day`'s month first. */
async function pickDay(page: Page, shown: Date, day: Date): Promise<void> {
  const months = (day.getFullYear() - shown.getFullYear()) * 12 + day.getMonth() - shown.getMonth();
  for (let month = 0; month < Math.abs(months); month += 1)
    await page.getByRole('button', { name: months < 0 ? 'Previous month' : 'Next month' }).click();
  await page.getByRole('button', { name: dayLabels(day).picker, exact: true }).click();
}

test.describe('the inbox as owners answer and over time', () => {
  test('an owner’s answers reach the open inbox within seconds, without a reload', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    const title = `Live cough check ${Date.now()}`;
    const created = await page.request.post('/v1/forms', {
      data: {
        form: {
          title,
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
    const pool = ((await created.json()) as { form: { uuid: string } }).form;
    const sent = await page.request.post(`/v1/forms/${pool.uuid}/send`, {
      data: { petUuid: live.pets.biscuit.uuid },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const [checkupUuid = ''] = ((await sent.json()) as { checkupUuids: string[] }).checkupUuids;

    // The inbox filtered to this pool's checkups awaiting review: none yet.
    await openInApp(page, `/checkups?status=answered&poolUuid=${pool.uuid}`);
    await expect(page.getByText('No checkups match these filters')).toBeVisible();
    // Reloads would lose this marker: it proves the list below was updated in place.
    await page.evaluate(() => {
      (window as unknown as { liveMarker: boolean }).liveMarker = true;
    });

    const [question] = await questionsOf(page, checkupUuid);
    const worrying = question?.options.find((option) => option.problematic);
    if (!question || !worrying) throw new Error('the pool’s question has no problematic option');
    const posted = await request.post(`/v1/checkups/${checkupUuid}/answers`, {
      headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
      data: { answers: [{ questionUuid: question.uuid, optionSku: worrying.sku }] },
    });
    expect(posted.status(), await posted.text()).toBe(200);

    await expect(rows(page)).toHaveCount(1, { timeout: 5_000 });
    await expect(rows(page).first()).toContainText(live.pets.biscuit.name);
    await expect(rows(page).first()).toContainText(title);
    await expect(rows(page).first()).toContainText('Awaiting review');
    await expect(rows(page).first()).toContainText('1 problematic');
    await expect(page.getByTestId('status-filter')).toContainText('Awaiting review (1)');
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker)).toBe(true);
  });

  test('the sent date range is kept in the URL and shows only checkups sent within it', async ({ page }) => {
    await logIn(page);
    // The spec pet's seeded checkups were sent 1, 3, 31 and 62 days ago: this range holds only the second.
    const today = new Date();
    const from = daysBefore(today, 10);
    const to = daysBefore(today, 2);

    await openInApp(page, `/checkups?search=${pet.name}`);
    await expect(rows(page).first()).toContainText(pet.name);
    await page.getByRole('button', { name: 'Sent between' }).click();
    await pickDay(page, today, from);
    await pickDay(page, from, to);
    await expect(page).toHaveURL(new RegExp(`sentFrom=${isoDay(from)}`));
    await expect(page).toHaveURL(new RegExp(`sentTo=${isoDay(to)}`));
    await page.keyboard.press('Escape');

    const check = async () => {
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(POOLS.cardiac.title);
      const cell = (await rows(page).first().textContent()) ?? '';
      const sentDay = /(\d{2})\/(\d{2})\/(\d{4}) \d{2}:\d{2}/.exec(cell);
      expect(sentDay, cell).not.toBeNull();
      const [, dd, mm, yyyy] = sentDay ?? [];
      const sentOn = new Date(Number(yyyy), Number(mm) - 1, Number(dd));
      expect(sentOn >= from && sentOn <= to, `${sentOn.toDateString()} within the range`).toBe(true);
      await expect(page.getByRole('button', { name: 'Sent between' })).toContainText(
        `${dayLabels(from).cell} – ${dayLabels(to).cell}`,
      );
    };
    await check();
    await page.reload();
    await check();
  });
});

test.describe('starting a checkup from the pet’s checkups', () => {
  // After the inbox tests, which count this pet's seeded checkups.
  test('a vet fills one from a pool (shown filled by them) and sends another to the owner', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page);
    await openInApp(page, `/pets/${pet.uuid}/checkups`);
    const table = page.getByTestId('pet-checkups-table');
    // The four seeded for Luna, copied.
    const before = 4;
    await expect(table.locator('tbody tr[data-checkup-uuid]')).toHaveCount(before);

    await page.getByRole('button', { name: 'Fill a checkup' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Pool' }).click();
    await page.getByRole('option', { name: /^Post-operative recovery/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
    await expect(page).toHaveURL(new RegExp(`/pets/${pet.uuid}/checkups/[0-9a-f-]{36}/new$`));
    const questions = page.locator('[data-question]');
    await expect(questions.first()).toBeVisible();
    for (const question of await questions.all()) await question.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Save checkup' }).click();

    await expect(page).toHaveURL(/\/checkups\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Post-operative recovery' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
      `Filled by ${HEAD_VET.fullName} during a call`,
    );
    await expect(
      page.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Mark reviewed' }),
    ).toBeVisible();

    await page.goto(`/pets/${pet.uuid}/checkups`);
    await expect(table.locator('tbody tr')).toHaveCount(before + 1);
    await page.getByRole('button', { name: 'Send a checkup' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Checkup' }).click();
    await page.getByRole('option', { name: /^Skin and itch/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(before + 2);
    await expect(table.locator('tbody tr').first()).toContainText('Skin and itch');
    await expect(table.locator('tbody tr').first()).toContainText('Sent');
  });
});

for (const viewport of screenViewports) {
  test.describe(`checkups screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`checkups screens @screens`, async ({ page }) => {
      await logIn(page, HEAD_VET.email, '/checkups');
      await expect(rows(page).first()).toBeVisible();
      await shoot(page, 'checkups-inbox', viewport.name);
      await page.goto(`/checkups/${LUNA_CHECKUPS.cardiacAwaiting}`);
      await expect(page.getByRole('heading', { level: 1, name: POOLS.cardiac.title })).toBeVisible();
      await shoot(page, 'checkup-awaiting-review', viewport.name);
      await page.goto(`/checkups/${LUNA_CHECKUPS.cardiacAmended}`);
      await expect(page.getByTestId('comment-history-entry')).toHaveCount(1);
      await shoot(page, 'checkup-reviewed-amended', viewport.name);
      await page.goto(`/checkups/${LUNA_CHECKUPS.monthlySent}`);
      await expect(page.getByText('The owner has not answered yet')).toBeVisible();
      await shoot(page, 'checkup-sent', viewport.name);
      await page.goto(`/pets/${LUNA.uuid}/checkups`);
      await expect(page.getByTestId('pet-checkups-table')).toBeVisible();
      await shoot(page, 'pet-checkups', viewport.name);
    });
  });
}
