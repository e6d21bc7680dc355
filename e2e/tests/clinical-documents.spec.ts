import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Tamarillo"), with her seeded documents, so writing changes no one else's. */
const pet = specFamily('clinicalDocuments').pets.luna;

const editor = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function waitSaved(page: Page) {
  await expect(page.getByTestId('autosave-state')).toHaveAttribute('data-state', 'saved', {
    timeout: 15_000,
  });
}

test.describe('clinical assessments', () => {
  test('a vet writes an assessment, signs it, finds it locked, amends it and compares the versions', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await logIn(page, HEAD_VET.email, `/pets/${pet.uuid}/clinical-assessments`);
    await expect(page.getByRole('heading', { level: 1, name: 'Clinical assessments' })).toBeVisible({
      timeout: 30_000,
    });
    // The seeded assessment shows once, at its newest (amended, signed) version.
    const seeded = page.getByTestId('document-row').filter({ hasText: 'Mitral valve disease assessment' });
    await expect(seeded).toHaveCount(1);
    await expect(seeded).toContainText('v2');
    await expect(seeded).toContainText('Signed');

    // A new draft, written in the editor and autosaved.
    await page.getByRole('button', { name: 'New assessment' }).click();
    await page.waitForURL(/\/clinical-assessments\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('document-status')).toHaveText('Draft');
    await page.getByTestId('document-title-input').fill('Syncope work-up');
    const problems = page.getByRole('combobox', { name: 'Problem list' });
    await problems.fill('Collapse on exertion');
    await problems.press('Enter');
    await editor(page, 'Subjective').click();
    await page.keyboard.type('Fainted twice on walks this week. ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Recovers within a minute.');
    await page.getByRole('button', { name: 'Insert latest vitals' }).click();
    await expect(editor(page, 'Objective')).toContainText('Latest vitals');
    await editor(page, 'Assessment').click();
    await page.keyboard.type('Suspected arrhythmia.');
    await editor(page, 'Plan').click();
    await page.keyboard.type('Holter for 24 hours, recheck in 1 week.');
    await waitSaved(page);

    // Nothing is lost on reload: the autosave reached the server.
    const draftUrl = page.url();
    await page.reload();
    await expect(page.getByTestId('document-title-input')).toHaveValue('Syncope work-up');
    await expect(editor(page, 'Subjective').locator('strong')).toHaveText('Recovers within a minute.');
    await expect(editor(page, 'Plan')).toContainText('recheck in 1 week');

    // Sign, after the confirmation: locked, with the signature block and the PDF.
    await page.getByRole('button', { name: 'Sign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign version 1?' });
    await confirm.getByRole('button', { name: 'Sign' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('document-status')).toHaveText('Signed');
    await expect(page.getByTestId('signature-block')).toContainText(`Signed by ${HEAD_VET.fullName}`);
    await expect(page.getByTestId('signature-hash')).toHaveText(/SHA-256 [0-9a-f]{64}/);
    await expect(page.getByRole('textbox', { name: 'Plan' })).toHaveCount(0);
    await expect(page.getByTestId('section-plan')).toContainText('Holter for 24 hours');
    const docUuid = draftUrl.split('/').at(-1) ?? '';
    const refused = await page.request.put(`/v1/clinical-documents/${docUuid}`, {
      data: { title: 'Changed after signing', content: { body: { type: 'doc', content: [] } } },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('clinical_documents.signed_read_only');
    const pdf = await page.request.get(
      (await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) ?? '',
    );
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Amend: a reason, then version 2 as a draft copy; change the plan and sign it.
    await page.getByRole('button', { name: 'Amend' }).click();
    const amend = page.getByRole('dialog', { name: 'Amend the signed version' });
    await amend.getByRole('textbox', { name: 'Reason for the amendment' }).fill('Holter length corrected');
    await amend.getByRole('button', { name: 'Start amendment' }).click();
    await expect(page.getByTestId('document-version')).toHaveText('Version 2');
    await expect(page.getByTestId('document-status')).toHaveText('Draft');
    await expect(page.getByTestId('amendment-reason')).toContainText('Holter length corrected');
    await editor(page, 'Plan').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Holter for 48 hours, recheck in 1 week.');
    // Signed before the autosave's pause is over, with an impatient double click: the edit is saved
    // first, and the button waits for it, so the version is signed once.
    const signRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/sign')) signRequests.push(request.url());
    });
    await page.getByRole('button', { name: 'Sign' }).click();
    await page
      .getByRole('dialog', { name: 'Sign version 2?' })
      .getByRole('button', { name: 'Sign' })
      .dblclick();
    await expect(page.getByTestId('document-status')).toHaveText('Signed');
    await expect(page.getByTestId('section-plan')).toContainText('Holter for 48 hours');
    expect(signRequests).toHaveLength(1);

    // The history lists both versions, and the diff shows the plan's change side by side.
    await expect(page.getByTestId('version-item')).toHaveCount(2);
    await expect(page.getByTestId('version-item').first()).toContainText('Signed by');
    const plan = page.getByTestId('diff-section').filter({ hasText: 'Plan' });
    await expect(plan.getByTestId('diff-from').locator('del')).toHaveText(['24']);
    await expect(plan.getByTestId('diff-to').locator('ins')).toHaveText(['48']);
    await expect(page.getByTestId('diff-section')).toHaveCount(1);

    // The list shows the document once, at version 2.
    await page.getByRole('link', { name: 'Clinical assessments', exact: true }).click();
    const row = page.getByTestId('document-row').filter({ hasText: 'Syncope work-up' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('v2');
  });

  test('closing the tab right after typing loses nothing', async ({ page, context }) => {
    test.setTimeout(90_000);
    await logIn(page, HEAD_VET.email, `/pets/${pet.uuid}/medical-reports`);
    await page.getByRole('button', { name: 'New report from template' }).click();
    await page.getByRole('menuitem', { name: 'Discharge summary' }).click();
    await page.waitForURL(/\/medical-reports\/[0-9a-f-]{36}$/);
    const url = page.url();
    const report = editor(page, 'Report');
    await report.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Written just before the tab closed.');
    // No pause for the debounced save: the tab goes at once.
    await page.close({ runBeforeUnload: true });

    const again = await context.newPage();
    await again.goto(url);
    await expect(editor(again, 'Report')).toContainText('Written just before the tab closed.');
    await waitSaved(again);
    const stored = await again.request.get(`/v1/clinical-documents/${url.split('/').at(-1)}`);
    expect(JSON.stringify(await stored.json())).toContain('Written just before the tab closed.');
  });
});

test.describe('a stray draft', () => {
  test('its author deletes it after a confirmation, typing and all, and the list no longer shows it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page, HEAD_VET.email, `/pets/${pet.uuid}/medical-reports`);
    await page.getByRole('button', { name: 'New report from template' }).click();
    await page.getByRole('menuitem', { name: 'Discharge summary' }).click();
    await page.waitForURL(/\/medical-reports\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').at(-1) as string;
    await page.getByTestId('document-title-input').fill('Opened by mistake');
    await waitSaved(page);

    await page.getByRole('button', { name: 'Delete draft' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
    await expect(confirm).toContainText('Its last content stays in the audit log.');
    await confirm.getByRole('button', { name: 'Delete draft' }).click();
    await expect(page.getByText('Draft deleted.')).toBeVisible();
    await expect(page).toHaveURL(`/pets/${pet.uuid}/medical-reports`);
    await expect(page.getByRole('heading', { level: 1, name: 'Medical reports' })).toBeVisible();
    await expect(page.getByTestId('document-row').filter({ hasText: 'Opened by mistake' })).toHaveCount(0);
    expect((await page.request.get(`/v1/clinical-documents/${uuid}`)).status()).toBe(404);
  });
});

test.describe('clinical assessments on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the list scrolls sideways and shows each status in full', async ({ page }) => {
    await logIn(page, HEAD_VET.email, `/pets/${pet.uuid}/clinical-assessments`);
    const seeded = page.getByTestId('document-row').filter({ hasText: 'Mitral valve disease assessment' });
    await expect(seeded.getByTestId('row-status')).toHaveText('Signed');
    // A narrow column squeezed the badge's label to "Sig…".
    const statuses = page.getByTestId('document-row').getByTestId('row-status');
    for (const status of await statuses.all()) {
      const label = status.locator('.mantine-Badge-label');
      const { full, shown } = await label.evaluate((element) => ({
        full: element.scrollWidth,
        shown: element.clientWidth,
      }));
      expect(shown, (await label.textContent()) ?? '').toBeGreaterThanOrEqual(full);
    }
  });
});
