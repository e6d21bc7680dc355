import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, LUNA, LUNA_CHECKUPS, OWNER_APP_TOKEN, POOLS } from '../support/demo.ts';
import { specFamily, specId } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';

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
    await page.goto(`/checkups?search=${pet.name}`);
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
    await page.goto(`/pets/${pet.uuid}/checkups`);
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
    await page.goto('/checkups');
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

test.describe('starting a checkup from the pet’s checkups', () => {
  // After the inbox tests, which count this pet's seeded checkups.
  test('a vet fills one from a pool (shown filled by them) and sends another to the owner', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page);
    await page.goto(`/pets/${pet.uuid}/checkups`);
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
      await logIn(page);
      await page.goto('/checkups');
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
