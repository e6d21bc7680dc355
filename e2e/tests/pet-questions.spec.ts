import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, LUNA, LUNA_QUESTIONS, OWNER_APP_TOKEN } from '../support/demo.ts';
import { specFamily, specId } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { answerAfterLiveReread } from '../support/live.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Periwinkle") and her threads, so answering changes no one else's. */
const family = specFamily('questions');
const pet = family.pets.luna;

/** The screenshots' own copy, where a draft is saved and the send dialog opened (never sent). */
const shots = specFamily('questionsShots').pets.luna;

const thread = (page: Page, text: string) => page.getByTestId('qa-thread').filter({ hasText: text });

async function ask(page: Page, question: string, hoursAgo: number, petUuid = pet.uuid) {
  const uuid = randomUUID();
  const posted = await page.request.post('/v1/pet-questions', {
    headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
    data: {
      uuid,
      petUuid,
      question,
      askedAt: { seconds: Math.floor(Date.now() / 1000) - hoursAgo * 3600 },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return uuid;
}

test.describe('owner questions and answers', () => {
  test('the owner app asks; the vet answers, edits the saved draft and sends it; a new question appears live', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const question = 'Periwinkle ate a grape off the floor an hour ago. Is one grape dangerous?';
    await ask(page, question, 1);

    await logIn(page, HEAD_VET.email, `/pets/${pet.uuid}/qa`);
    // The first page of a worker's first test may wait for the server's cold start on a loaded machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Questions and answers' })).toBeVisible({
      timeout: 30_000,
    });
    // Open threads first, newest first: today's grape, yesterday's breathing; then the answered one.
    const threads = page.getByTestId('qa-thread');
    await expect(threads).toHaveCount(3);
    await expect(threads.nth(0)).toContainText('one grape');
    await expect(threads.nth(0)).toContainText(`Asked by ${family.owner.fullName}`);
    await expect(threads.nth(1)).toContainText('breathes faster');
    await expect(threads.nth(2)).toHaveAttribute('data-status', 'answered');
    await expect(threads.nth(2).getByTestId('qa-answer-state')).toHaveText('Sent');
    await expect(page.getByTestId('qa-counts')).toContainText('2 open');

    // Save an answer: a draft, with who saved it.
    const grape = thread(page, 'one grape');
    const grapeUuid = (await grape.getAttribute('data-question')) ?? '';
    const grapeRead = (body: unknown) =>
      (body as { petQuestions: { uuid: string; answer: string | null; status: string }[] }).petQuestions.find(
        (question) => question.uuid === grapeUuid,
      );
    await grape.getByRole('textbox', { name: 'Your answer' }).fill('Grapes can harm the kidneys.');
    // The thread read back by the live update of a save or a send may come before the change's own
    // answer: the confirmations must not depend on which comes first.
    let release = await answerAfterLiveReread(page, {
      changePath: `/v1/pet-questions/${grapeUuid}/answer`,
      readPath: `/v1/pets/${pet.uuid}/questions`,
      reread: (body) => grapeRead(body)?.answer === 'Grapes can harm the kidneys.',
    });
    await grape.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Answer saved. It is sent once you send it.')).toBeVisible();
    await release();
    await expect(grape.getByTestId('qa-answer-state')).toHaveText('Draft');
    await expect(grape.getByTestId('qa-answer-text')).toHaveText('Grapes can harm the kidneys.');
    await expect(grape.getByTestId('qa-answered-by')).toContainText(`Saved by ${HEAD_VET.fullName}`);

    // Edit it before sending.
    await grape.getByRole('button', { name: 'Edit' }).click();
    const editor = grape.getByRole('textbox', { name: 'Your answer' });
    const mine =
      'Even one grape can harm the kidneys: please bring Periwinkle in now so we can make her sick.';
    await editor.fill(mine);
    // Saved elsewhere meanwhile (a colleague, another tab): what this vet is writing stays, and the
    // thread says that saving it replaces the other answer.
    const elsewhere = await page.request.put(`/v1/pet-questions/${grapeUuid}/answer`, {
      data: { answer: 'Watch her for vomiting tonight.' },
    });
    expect(elsewhere.status()).toBe(200);
    await expect(grape.getByTestId('qa-answer-overtaken')).toBeVisible();
    await expect(grape.getByTestId('qa-answer-overtaken')).toContainText('“Watch her for vomiting tonight.”');
    await expect(editor).toHaveValue(mine);
    await grape.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(grape.getByTestId('qa-answer-text')).toContainText('please bring Periwinkle in now');

    // Send, after the confirmation: final, no longer editable.
    await grape.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the answer?' });
    await expect(dialog).toContainText('receives it by e-mail');
    release = await answerAfterLiveReread(page, {
      changePath: `/v1/pet-questions/${grapeUuid}/send`,
      readPath: `/v1/pets/${pet.uuid}/questions`,
      reread: (body) => grapeRead(body)?.status === 'answered',
    });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Answer sent to the owner.')).toBeVisible();
    await release();
    await expect(dialog).toBeHidden();
    await expect(grape.getByTestId('qa-answer-state')).toHaveText('Sent');
    await expect(grape).toHaveAttribute('data-status', 'answered');
    await expect(grape.getByTestId('qa-answered-by')).toContainText(`Sent by ${HEAD_VET.fullName}`);
    await expect(grape.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByTestId('qa-counts')).toContainText('1 open');
    await expect(page.getByTestId('qa-counts')).toContainText('2 answered');

    // A question arriving while the page is open shows up without a reload (live events).
    await ask(page, 'Can Periwinkle swim in the lake this weekend?', 0);
    await expect(thread(page, 'swim in the lake')).toBeVisible({ timeout: 30_000 });
    await expect(threads.nth(0)).toContainText('swim in the lake');
    // The breathing question (this family's copy of Emma's) is still open.
    await expect(
      page.locator(`[data-question="${specId(family.key, LUNA_QUESTIONS.breathingOpen)}"]`),
    ).toHaveAttribute('data-status', 'open');
  });
});

test.describe('filtering threads by status', () => {
  test('the vet shows only the open or the answered threads; the filter is in the URL and survives a reload', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page);
    const listed = await page.request.get(`/v1/pets/${shots.uuid}/questions`);
    const { counts } = (await listed.json()) as { counts: { open: number; answered: number } };
    expect(counts.open).toBeGreaterThan(0);
    expect(counts.answered).toBeGreaterThan(0);

    await page.goto(`/pets/${shots.uuid}/qa`);
    const threads = page.getByTestId('qa-thread');
    const filter = page.getByTestId('status-filter');
    await expect(threads).toHaveCount(counts.open + counts.answered, { timeout: 30_000 });
    await expect(filter).toContainText(`Open (${counts.open})`);

    await filter.getByText(`Answered (${counts.answered})`).click();
    await expect(page).toHaveURL(/status=answered/);
    await expect(threads).toHaveCount(counts.answered);
    await expect(page.locator('[data-testid="qa-thread"][data-status="open"]')).toHaveCount(0);

    await page.reload();
    await expect(threads).toHaveCount(counts.answered);
    await filter.getByText(`Open (${counts.open})`).click();
    await expect(page).toHaveURL(/status=open/);
    await expect(threads).toHaveCount(counts.open);
    await expect(page.locator('[data-testid="qa-thread"][data-status="answered"]')).toHaveCount(0);

    await filter.getByText(/^All/).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(threads).toHaveCount(counts.open + counts.answered);
  });
});

for (const viewport of screenViewports) {
  test.describe(`questions screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`questions screens @screens`, async ({ page }) => {
      test.setTimeout(120_000);
      await logIn(page, HEAD_VET.email, `/pets/${LUNA.uuid}/qa`);
      await expect(page.getByTestId('qa-thread').first()).toBeVisible();
      await shoot(page, 'pet-questions', viewport.name);
      // An answer being written (not saved: the showcase stays as it is).
      await page
        .getByTestId('qa-thread')
        .first()
        .getByRole('textbox', { name: 'Your answer' })
        .fill(
          'A sleeping rate of 38 is above her target. Give the evening dose now and count again in an hour.',
        );
      await shoot(page, 'pet-questions-answering', viewport.name);

      // A saved draft, and the confirmation before sending it.
      const asked = `Can ${shots.name} have a bone to chew? (${viewport.name})`;
      const uuid = await ask(page, asked, 2, shots.uuid);
      const saved = await page.request.put(`/v1/pet-questions/${uuid}/answer`, {
        data: { answer: 'No cooked bones: they splinter. A rubber chew toy or a dental chew is safer.' },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await page.goto(`/pets/${shots.uuid}/qa`);
      const draft = thread(page, asked);
      await expect(draft.getByTestId('qa-answer-state')).toHaveText('Draft');
      await shoot(page, 'pet-questions-draft', viewport.name);
      await draft.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('dialog', { name: 'Send the answer?' })).toBeVisible();
      await shoot(page, 'pet-questions-send-confirm', viewport.name);
    });
  });
}
