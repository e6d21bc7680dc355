import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { specFamily } from '../support/fixtures.ts';
import { bodyRows, screenViewports, shoot } from '../support/lists.ts';
import { answerAfterLiveReread } from '../support/live.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** This spec's own pet (a copy of Tom Becker's Biscuit): it sends checkups to it and fills them. */
const { pets } = specFamily('checkupPools');
const marchpane = pets.biscuit;
/** A pet with no checkup at all, so its list starts empty (a copy of Emma Clarke's Pepper). */
const noCheckups = specFamily('checkupPoolsEmpty').pets.pepper;
/** Three pets whose names start alike, for "Send to pets…" by a search (copies of Emma Clarke's). */
const bulk = specFamily('checkupPoolsBulk').pets;

/** The option inputs of one question of the builder, in the order shown. */
function optionInputs(page: Page, question: string): Locator {
  return page.getByRole('group', { name: `Options of question “${question}”` }).getByRole('textbox');
}

async function optionTitles(page: Page, question: string): Promise<string[]> {
  return optionInputs(page, question).evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );
}

/** Picks `option` in the Mantine select labelled `label` (a combobox with a listbox of options). */
async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Builds "<title>" with two groups and three questions through the builder, as a head vet would:
 * typing, adding, and switching one option problematic. Leaves the page on the builder, unsaved.
 */
async function buildPool(page: Page, title: string): Promise<void> {
  await openInApp(page, '/checkups/pools/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New checkup pool' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Group 1', exact: true }).fill('Breathing');
  await page.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Does your pet cough at night?');
  const cough = 'Does your pet cough at night?';
  await optionInputs(page, cough).nth(0).fill('Never');
  await optionInputs(page, cough).nth(1).fill('Sometimes');
  await page.getByRole('button', { name: `Add an option to question “${cough}”` }).click();
  await optionInputs(page, cough).nth(2).fill('Every night');
  await page.getByRole('switch', { name: 'option “Every night” is problematic' }).check({ force: true });

  await page.getByRole('button', { name: 'Add a question to group “Breathing”' }).click();
  await page
    .getByRole('textbox', { name: 'Question 2', exact: true })
    .fill('Is breathing faster while asleep?');
  const breathing = 'Is breathing faster while asleep?';
  await optionInputs(page, breathing).nth(0).fill('No');
  await optionInputs(page, breathing).nth(1).fill('Yes');
  await page.getByRole('switch', { name: 'option “Yes” is problematic' }).check({ force: true });

  await page.getByRole('button', { name: 'Add a group' }).click();
  await page.getByRole('textbox', { name: 'Group 2', exact: true }).fill('Energy');
  const energy = page
    .getByRole('group', { name: 'Question groups' })
    .locator('[data-sortable="group"]')
    .nth(1);
  await energy.getByRole('textbox', { name: 'Question 1', exact: true }).fill('How is the appetite?');
  await optionInputs(page, 'How is the appetite?').nth(0).fill('Normal');
  await optionInputs(page, 'How is the appetite?').nth(1).fill('Reduced');
}

test.describe('checkup pools (SPEC §2 /checkups/pools)', () => {
  test.beforeEach(async ({ page }) => {
    // Building a pool is many inputs; a loaded two-core machine takes well over the default 30 s.
    test.setTimeout(120_000);
    await logIn(page);
  });

  test('a head vet builds a pool with two groups and three questions, reorders an option by keyboard, sees the preview and saves it', async ({
    page,
  }) => {
    const title = `Cough watch ${Date.now()}`;
    await buildPool(page, title);
    const cough = 'Does your pet cough at night?';

    // Inline validation: a duplicate option title is named at once, a too-short question too.
    await optionInputs(page, cough).nth(1).fill('never');
    await expect(page.getByText('Same title as option 1 ("never")')).toBeVisible();
    await optionInputs(page, cough).nth(1).fill('Sometimes');
    await expect(page.getByText('Same title as option 1 ("never")')).toBeHidden();

    // Reorder by keyboard: the move button keeps the focus on the moved option.
    const up = page.getByRole('button', { name: 'Move option “Every night” up' });
    await up.focus();
    await page.keyboard.press('Enter');
    expect(await optionTitles(page, cough)).toEqual(['Never', 'Every night', 'Sometimes']);
    await expect(page.getByRole('button', { name: 'Move option “Every night” up' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await optionTitles(page, cough)).toEqual(['Every night', 'Never', 'Sometimes']);
    await expect(page.getByRole('button', { name: 'Move option “Every night” down' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await optionTitles(page, cough)).toEqual(['Never', 'Every night', 'Sometimes']);

    // Or by dragging an option's grip onto another option of the same question.
    await page
      .getByTitle('Drag to reorder option “Sometimes”')
      .dragTo(
        page.locator('[data-sortable="option"]', { has: page.getByTitle('Drag to reorder option “Never”') }),
      );
    expect(await optionTitles(page, cough)).toEqual(['Sometimes', 'Never', 'Every night']);
    await page.getByRole('button', { name: 'Move option “Sometimes” down' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await optionTitles(page, cough)).toEqual(['Never', 'Every night', 'Sometimes']);

    // The live preview shows what the owner sees, in the new order, without the problematic flags.
    const preview = page.getByTestId('pool-preview');
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    const coughChoice = preview.getByRole('radiogroup', { name: cough });
    await expect(coughChoice.getByRole('radio')).toHaveCount(3);
    expect(
      await coughChoice.locator('label').evaluateAll((labels) => labels.map((l) => l.textContent)),
    ).toEqual(['Never', 'Every night', 'Sometimes']);
    await expect(preview.getByRole('radiogroup')).toHaveCount(3);
    await expect(preview.getByText('Problematic')).toHaveCount(0);
    await expect(page.getByTestId('unsaved-changes')).toBeVisible();

    await page.getByRole('button', { name: 'Save pool' }).first().click();
    await expect(page).toHaveURL(/\/checkups\/pools\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const questions = page.getByTestId('pool-questions');
    await expect(questions.getByText('every_night')).toBeVisible();
    await expect(page.getByTestId('pool-facts')).toContainText('3');
    await expect(page.getByTestId('pool-versions').locator('tbody tr')).toHaveCount(1);

    // Editing makes version 2 and keeps the order saved.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByText('Saving makes version 2')).toBeVisible();
    expect(await optionTitles(page, cough)).toEqual(['Never', 'Every night', 'Sometimes']);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save pool' }).first().click();
    await expect(page.getByText('Enter a title')).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} v2`);
    await page.getByRole('button', { name: 'Save pool' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: `${title} v2` })).toBeVisible();
    await expect(page.getByTestId('pool-versions').locator('tbody tr')).toHaveCount(2);

    // The list shows it with its questions and checkups counted.
    await page.goto(`/checkups/pools?search=${encodeURIComponent(title)}`);
    const rows = await bodyRows(page.getByRole('table', { name: 'Checkup pools' }));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${title} v2`);
    await expect(rows.first().getByRole('cell').nth(2)).toHaveText('3');
    await expect(rows.first().getByRole('cell').nth(3)).toHaveText('0');
  });

  test('leaving the builder with unsaved changes asks first', async ({ page }) => {
    await openInApp(page, '/checkups/pools/new');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Half-made pool');
    await page.getByRole('link', { name: 'All pools' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page).toHaveURL('/checkups/pools/new');
    await page.getByRole('link', { name: 'All pools' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/checkups/pools');
  });

  test('duplicating a pool copies its questions; deleting the copy (no checkups) deletes it', async ({
    page,
  }) => {
    const title = `Itch diary ${Date.now()}`;
    await buildPool(page, title);
    await page.getByRole('button', { name: 'Save pool' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await page.goto(`/checkups/pools?search=${encodeURIComponent(title)}`);
    const table = page.getByRole('table', { name: 'Checkup pools' });
    await (await bodyRows(table))
      .first()
      .getByRole('button', { name: `Actions for ${title}` })
      .click();
    // The list read again by the copy's live update may come before the copy's own answer: the move to
    // the copy's editor must not depend on which comes first.
    const releaseCopy = await answerAfterLiveReread(page, {
      changePath: '/v1/forms',
      readPath: '/v1/forms',
      reread: (body) => (body as { forms: unknown[] }).forms.length === 2,
    });
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByText(`“${title} (copy)” created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/checkups\/pools\/[0-9a-f-]{36}\/edit$/);
    await releaseCopy();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${title} (copy)`);
    await expect(page.getByRole('textbox', { name: 'Question 2', exact: true })).toHaveValue(
      'Is breathing faster while asleep?',
    );

    // Duplicate skus are named before saving: the copy cannot take the original's.
    const originalSku = title.toLowerCase().replaceAll(' ', '_');
    await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(originalSku);
    await expect(page.getByText(`Another form already has the sku "${originalSku}"`)).toBeVisible();
    await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(`${originalSku}_copy`);
    await expect(page.getByText(`Another form already has the sku "${originalSku}"`)).toBeHidden();

    // Back to the saved sku: nothing left unsaved, so leaving does not ask.
    await page.getByRole('link', { name: 'All pools' }).click();
    await expect(page).toHaveURL('/checkups/pools');
    await page.goto(`/checkups/pools?search=${encodeURIComponent(`${title} (copy)`)}`);
    await (await bodyRows(table))
      .first()
      .getByRole('button', { name: `Actions for ${title} (copy)` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    // The list read again by the delete's live update drops the row, its menu and dialog, and may come
    // before the delete's own answer: the confirmation must outlive them.
    const releaseDelete = await answerAfterLiveReread(page, {
      changePath: '/v1/forms/*',
      readPath: '/v1/forms',
      reread: (body) => (body as { forms: unknown[] }).forms.length === 0,
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`“${title} (copy)” deleted.`)).toBeVisible();
    await releaseDelete();
    await expect(page.getByText('No pools match these filters')).toBeVisible();
  });

  test('a vet sends a pool to a pet, then fills a checkup from it on the pet’s page and sees its read view', async ({
    page,
  }) => {
    const title = `Breathing check ${Date.now()}`;
    await buildPool(page, title);
    await page.getByRole('button', { name: 'Save pool' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const poolUuid = page.url().split('/').at(-1) ?? '';

    await openInApp(page, `/pets/${marchpane.uuid}/checkups`);
    await page.getByRole('button', { name: 'Send a checkup' }).click();
    const send = page.getByRole('dialog', { name: `Send a checkup to ${marchpane.name}'s owner` });
    await choose(send, page, 'Checkup', `${title} (3 questions)`);
    await send.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`“${title}” sent to ${marchpane.name}'s owner.`)).toBeVisible();
    await expect(page.getByTestId('pet-checkups-table')).toContainText(title);

    const sent = await page.request.get(`/v1/checkups?petUuid=${marchpane.uuid}&poolUuid=${poolUuid}`);
    expect((await sent.json()).checkups).toMatchObject([{ status: 'sent', pet: { name: marchpane.name } }]);

    await page.getByRole('button', { name: 'Fill a checkup' }).first().click();
    const fill = page.getByRole('dialog', { name: 'Fill a checkup' });
    await choose(fill, page, 'Pool', `${title} (3 questions)`);
    await fill.getByRole('button', { name: 'Start' }).click();
    await expect(page).toHaveURL(`/pets/${marchpane.uuid}/checkups/${poolUuid}/new`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Every question is a choice field; saving with one unanswered names it.
    await page
      .getByRole('radiogroup', { name: 'Does your pet cough at night?' })
      .getByRole('radio', { name: /Every night/ })
      .check();
    await page.getByRole('button', { name: 'Save checkup' }).click();
    await expect(page.getByText('2 questions are not answered yet.')).toBeVisible();
    await page
      .getByRole('radiogroup', { name: 'Is breathing faster while asleep?' })
      .getByRole('radio', { name: /^No/ })
      .check();
    await page
      .getByRole('radiogroup', { name: 'How is the appetite?' })
      .getByRole('radio', { name: /Normal/ })
      .check();
    await page.getByRole('button', { name: 'Save checkup' }).click();

    await expect(page).toHaveURL(/\/checkups\/[0-9a-f-]{36}$/);
    const checkupUuid = page.url().split('/').at(-1) ?? '';
    const saved = await (await page.request.get(`/v1/checkups/${checkupUuid}`)).json();
    expect(saved.checkup).toMatchObject({
      status: 'answered',
      problematic: true,
      problematicCount: 1,
      pet: { uuid: marchpane.uuid },
      filledBy: { name: expect.any(String) },
    });
    await expect(page.getByText(title).first()).toBeVisible();
    await expect(page.getByText(/^Filled by .+ during a call$/)).toBeVisible();
  });

  test('a checkup the owner was sent and has not answered is filled in during a call: that checkup, not a second', async ({
    page,
  }) => {
    const title = `Call check ${Date.now()}`;
    const created = await page.request.post('/v1/forms', {
      data: {
        form: {
          title,
          questionGroups: [
            {
              title: 'Breathing',
              questions: [
                { title: 'Coughing today?', options: [{ title: 'No' }, { title: 'Yes', problematic: true }] },
              ],
            },
          ],
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const poolUuid = (await created.json()).form.uuid as string;
    const sent = await page.request.post(`/v1/forms/${poolUuid}/send`, { data: { petUuid: marchpane.uuid } });
    expect(sent.status(), await sent.text()).toBe(201);
    const [checkupUuid] = (await sent.json()).checkupUuids as string[];

    await openInApp(page, `/checkups/${checkupUuid}`);
    await page.getByRole('link', { name: 'Fill in during a call' }).click();
    await expect(page).toHaveURL(`/pets/${marchpane.uuid}/checkups/${checkupUuid}/new`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/sent on .+ and not answered yet: your answers answer it/)).toBeVisible();
    await page
      .getByRole('radiogroup', { name: 'Coughing today?' })
      .getByRole('radio', { name: /^Yes/ })
      .check();
    await page.getByRole('button', { name: 'Save checkup' }).click();

    await expect(page).toHaveURL(`/checkups/${checkupUuid}`);
    await expect(page.getByText(/^Filled by .+ during a call$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fill in during a call' })).toHaveCount(0);
    const ofPool = await (
      await page.request.get(`/v1/checkups?petUuid=${marchpane.uuid}&poolUuid=${poolUuid}`)
    ).json();
    expect(ofPool.checkups).toMatchObject([{ uuid: checkupUuid, status: 'answered', problematic: true }]);

    // Its address again once answered says so, and saves nothing.
    await page.goto(`/pets/${marchpane.uuid}/checkups/${checkupUuid}/new`);
    await expect(page.getByTestId('fill-already-answered')).toContainText('This checkup is answered already');
    await expect(page.getByRole('button', { name: 'Save checkup' })).toBeDisabled();
  });

  test('archiving a pool that has checkups keeps it readable and says it was archived, not deleted', async ({
    page,
  }) => {
    const title = `Senior wellbeing ${Date.now()}`;
    const created = await page.request.post('/v1/forms', {
      data: {
        form: {
          title,
          questionGroups: [
            {
              title: 'Mobility',
              questions: [{ title: 'Stiff after rest?', options: [{ title: 'No' }, { title: 'Yes' }] }],
            },
          ],
        },
      },
    });
    const pool = ((await created.json()) as { form: { uuid: string } }).form;
    await page.request.post(`/v1/forms/${pool.uuid}/send`, { data: { petUuid: marchpane.uuid } });

    await openInApp(page, `/checkups/pools/${pool.uuid}`);
    await expect(page.getByTestId('pool-checkups').getByRole('link', { name: marchpane.name })).toBeVisible();
    await page.getByRole('button', { name: 'Archive' }).click();
    const dialog = page.getByRole('dialog', { name: `Archive “${title}”?` });
    await expect(dialog).toContainText('1 checkup was sent from this pool, so it is archived, not deleted');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(`“${title}” archived`)).toBeVisible();
    await expect(page.getByText('This pool is archived')).toBeVisible();
    await expect(page.getByTestId('pool-checkups').getByRole('link', { name: marchpane.name })).toBeVisible();
    // Read-only from now on: no edit here, and the builder's address leads back to this page.
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await page.goto(`/checkups/pools/${pool.uuid}/edit`);
    await expect(page).toHaveURL(`/checkups/pools/${pool.uuid}`);
    await expect(page.getByText('This pool is archived')).toBeVisible();
  });

  test('an archived pool is gone from the active pools and found under Archived, kept in the URL', async ({
    page,
  }) => {
    const title = `Retired joints ${Date.now()}`;
    const created = await page.request.post('/v1/forms', {
      data: {
        form: {
          title,
          questionGroups: [
            {
              title: 'Mobility',
              questions: [{ title: 'Limping?', options: [{ title: 'No' }, { title: 'Yes' }] }],
            },
          ],
        },
      },
    });
    const pool = ((await created.json()) as { form: { uuid: string } }).form;
    await page.request.post(`/v1/forms/${pool.uuid}/send`, { data: { petUuid: marchpane.uuid } });

    await openInApp(page, `/checkups/pools?search=${encodeURIComponent(title)}`);
    const table = page.getByRole('table', { name: 'Checkup pools' });
    const row = (await bodyRows(table)).first();
    await expect(row).toContainText(title);
    await expect(row.getByText('Archived', { exact: true })).toHaveCount(0);
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(`“${title}” archived`)).toBeVisible();
    await expect(page.getByText('No pools match these filters')).toBeVisible();

    const status = page.getByTestId('pool-status-filter');
    await status.getByText('Archived', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=archived(&|$)/);
    const archived = (await bodyRows(table)).first();
    await expect(archived).toContainText(title);
    await expect(archived.getByText('Archived', { exact: true })).toBeVisible();

    // A reload keeps the archived view; the pool can be duplicated but no longer edited nor archived.
    await page.reload();
    await expect(status.getByRole('radio', { name: 'Archived' })).toBeChecked();
    await expect((await bodyRows(table)).first()).toContainText(title);
    await (await bodyRows(table))
      .first()
      .getByRole('button', { name: `Actions for ${title}` })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Back to the active pools: the default, which the URL leaves out.
    await status.getByText('Active', { exact: true }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByText('No pools match these filters')).toBeVisible();
  });

  test('a checkup sent from an empty list’s own button is confirmed, then listed', async ({ page }) => {
    const title = `Cough check ${Date.now()}`;
    await buildPool(page, title);
    await page.getByRole('button', { name: 'Save pool' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const poolUuid = page.url().split('/').at(-1) ?? '';

    await openInApp(page, `/pets/${noCheckups.uuid}/checkups`);
    const empty = page.getByTestId('checkups-empty');
    await expect(empty).toContainText('No checkups yet');
    await empty.getByRole('button', { name: 'Send a checkup' }).click();
    const send = page.getByRole('dialog', { name: `Send a checkup to ${noCheckups.name}'s owner` });
    await choose(send, page, 'Checkup', `${title} (3 questions)`);
    // The list read again by the send's live update replaces the empty state, its button and dialog,
    // and may come before the send's own answer: the confirmation must outlive them.
    const release = await answerAfterLiveReread(page, {
      changePath: `/v1/forms/${poolUuid}/send`,
      readPath: '/v1/checkups',
      reread: (body) => (body as { checkups: unknown[] }).checkups.length === 1,
    });
    await send.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`“${title}” sent to ${noCheckups.name}'s owner.`)).toBeVisible();
    await release();
    await expect(page.getByTestId('pet-checkups-table')).toContainText(title);
    await expect(empty).toHaveCount(0);
  });

  test('a pool is sent to pets picked by a filter, after one confirmation naming the count; a second send skips those not answered yet', async ({
    page,
  }) => {
    const title = `Bulk check ${Date.now()}`;
    const created = await page.request.post('/v1/forms', {
      data: {
        form: {
          title,
          sku: `bulk_check_${Date.now()}`,
          isPool: true,
          questionGroups: [
            {
              title: 'General',
              questions: [
                { title: 'How is the appetite?', options: [{ title: 'Normal' }, { title: 'Reduced' }] },
              ],
            },
          ],
        },
      },
    });
    expect(created.status()).toBe(201);
    const poolUuid = (await created.json()).form.uuid as string;
    await openInApp(page, `/checkups/pools/${poolUuid}`);
    await page.getByRole('button', { name: 'Send to pets…' }).click();
    const dialog = page.getByRole('dialog', { name: `Send “${title}” to pets` });

    // Every pet of the demo matches at first: more than one send may take, so no "select all".
    await expect(
      dialog.getByText('Narrow the filters to 500 pets or fewer to select them all.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Select all/ })).toHaveCount(0);
    await dialog.getByRole('searchbox', { name: 'Search pets' }).fill('Bulkbe');
    await expect(dialog.getByText('2 pets match')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Pets to send to' }).locator('tbody tr')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Select all 2 matching pets' }).click();
    await expect(dialog.getByText('2 pets selected')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send to 2 pets' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this checkup to 2 pets?' });
    await confirm.getByRole('button', { name: 'Send to 2 pets' }).click();
    await expect(page.getByText(`“${title}”: Sent to 2 pets.`)).toBeVisible();
    const checkups = page.getByTestId('pool-checkups');
    await expect(checkups).toContainText(bulk.luna.name);
    await expect(checkups).toContainText(bulk.milo.name);
    await expect(checkups).not.toContainText(bulk.pepper.name);

    // All three now: the two whose owner has not answered yet are skipped, and the toast says why.
    await page.getByRole('button', { name: 'Send to pets…' }).click();
    await dialog.getByRole('searchbox', { name: 'Search pets' }).fill('Bulkb');
    await expect(dialog.getByText('3 pets match')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Select every pet on this page' }).check();
    await dialog.getByRole('button', { name: 'Send to 3 pets' }).click();
    await page
      .getByRole('dialog', { name: 'Send this checkup to 3 pets?' })
      .getByRole('button', { name: 'Send to 3 pets' })
      .click();
    await expect(
      page.getByText(
        `“${title}”: Sent to 1 pet. 2 pets skipped: their owners have not answered this pool’s last checkup yet.`,
      ),
    ).toBeVisible();
    await expect(checkups).toContainText(bulk.pepper.name);
    const sent = await page.request.get(`/v1/checkups?poolUuid=${poolUuid}&pageSize=10`);
    expect((await sent.json()).checkups).toHaveLength(3);
  });

  test('an unknown pool shows the 404 page', async ({ page }) => {
    await page.goto('/checkups/pools/4b0e7a3c-2f1d-4c6b-9a8e-123456789abc');
    await expect(page.getByTestId('error-status')).toHaveText('404');
  });
});

for (const viewport of screenViewports) {
  test.describe(`checkup pool screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`checkup pool screens @screens`, async ({ page }) => {
      test.setTimeout(90_000);
      await logIn(page);
      const title = `Cardiac screens ${viewport.name} ${Date.now()}`;
      await buildPool(page, title);
      await shoot(page, 'checkup-pool-builder', viewport.name);
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('');
      await optionInputs(page, 'How is the appetite?').nth(1).fill('normal');
      await page.getByRole('button', { name: 'Save pool' }).first().click();
      await expect(page.getByTestId('builder-problems')).toBeVisible();
      await shoot(page, 'checkup-pool-builder-invalid', viewport.name);
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await optionInputs(page, 'How is the appetite?').nth(1).fill('Reduced');
      await page.getByRole('button', { name: 'Save pool' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const poolUuid = page.url().split('/').at(-1) ?? '';
      await page.request.post(`/v1/forms/${poolUuid}/send`, { data: { petUuid: marchpane.uuid } });
      await page.reload();
      await expect(page.getByTestId('pool-checkups').locator('tbody tr')).toHaveCount(1);
      await shoot(page, 'checkup-pool', viewport.name);
      await page.getByRole('button', { name: 'Send to pets…' }).click();
      const picker = page.getByRole('dialog', { name: `Send “${title}” to pets` });
      await picker.getByRole('searchbox', { name: 'Search pets' }).fill('Bulkb');
      await expect(picker.getByText('3 pets match')).toBeVisible();
      await picker.getByRole('checkbox', { name: `Select ${bulk.luna.name}` }).check();
      await shoot(page, 'checkup-pool-send-to-pets', viewport.name);
      await picker.getByRole('button', { name: 'Send to 1 pet' }).click();
      await expect(page.getByRole('dialog', { name: 'Send this checkup to 1 pet?' })).toBeVisible();
      await shoot(page, 'checkup-pool-send-to-pets-confirm', viewport.name);
      await page.getByRole('button', { name: 'Back' }).click();
      await picker.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/checkups/pools');
      await bodyRows(page.getByRole('table', { name: 'Checkup pools' }));
      await shoot(page, 'checkup-pools', viewport.name);

      await page.goto(`/pets/${marchpane.uuid}/checkups/${poolUuid}/new`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await shoot(page, 'checkup-fill', viewport.name);

      await page.goto(`/pets/${marchpane.uuid}/checkups`);
      await page.getByRole('button', { name: 'Send a checkup' }).first().click();
      await page.getByRole('combobox', { name: 'Checkup' }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
      await shoot(page, 'checkup-send-dialog', viewport.name);
    });
  });
}
