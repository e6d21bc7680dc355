import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { specFamily } from '../support/fixtures.ts';
import { answerAfterLiveReread } from '../support/live.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Marmaduke") and her eight weeks of reports, so sending one changes no one else's. */
const family = specFamily('weeklyReports');
const pet = family.pets.luna;

function rows(page: Page) {
  return page.getByRole('table', { name: 'Weekly reports' }).locator('tbody tr');
}

test.describe('weekly reports', () => {
  test('the vet opens this week’s draft, comments it with the pet’s name, marks it reviewed and sends it to the owner', async ({
    page: petPage,
  }) => {
    test.setTimeout(120_000);
    await logIn(petPage);
    // The pet menu's link opens the pet's reports (in a new window), the draft of the week just ended first.
    await petPage.goto(`/pets/${pet.uuid}`);
    const [page] = await Promise.all([
      petPage.waitForEvent('popup'),
      petPage
        .getByRole('navigation', { name: 'Pet menu' })
        .getByRole('link', { name: 'Weekly Reports (opens in a new window)' })
        .click(),
    ]);
    await expect(page).toHaveURL(`/weekly-reports?petUuid=${pet.uuid}`);
    await expect(page.getByRole('heading', { level: 1, name: `${pet.name}’s weekly reports` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(rows(page)).toHaveCount(8);
    await expect(rows(page).first()).toContainText('Draft');
    await expect(rows(page).nth(1)).toContainText('Sent');
    await expect(page.getByTestId('status-filter')).toContainText('Draft (1)');
    await expect(page.getByTestId('status-filter')).toContainText('Sent (7)');

    await rows(page).first().getByRole('link', { name: pet.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${pet.name}’s week` })).toBeVisible();
    // Her sleeping respiratory rate rose against the week before: the card says by how much.
    const respiratory = page.locator('[data-testid="weekly-tracker"][data-kind="respiratory_rate"]');
    await expect(respiratory).toContainText('Sleeping respiratory rate');
    await expect(respiratory).toContainText(/\+\d+(\.\d)?% vs last week/);
    await expect(respiratory.getByRole('img')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send to owner' })).toBeDisabled();

    const comment = page.getByRole('textbox', { name: 'Comment for the owner' });
    await comment.fill('{{PET_NAME}} breathes faster asleep this week: please count her breaths tonight.');
    await expect(page.getByTestId('comment-preview')).toHaveText(
      `${pet.name} breathes faster asleep this week: please count her breaths tonight.`,
    );
    // Saved elsewhere meanwhile (another tab, a colleague): what this vet typed stays, and the page says
    // that saving it replaces the other comment.
    const reportPath = new URL(page.url()).pathname.replace('/weekly-reports/', '/v1/weekly-reports/');
    const elsewhere = await page.request.put(`${reportPath}/comment`, {
      data: { vetComment: 'Seen by the night shift.' },
    });
    expect(elsewhere.status()).toBe(200);
    await expect(page.getByTestId('comment-overtaken')).toBeVisible();
    await expect(comment).toHaveValue(
      '{{PET_NAME}} breathes faster asleep this week: please count her breaths tonight.',
    );
    await expect(page.getByTestId('comment-overtaken')).toContainText('“Seen by the night shift.”');
    // The save read back by its live update may come before the save's own answer: the confirmation
    // must not depend on which comes first.
    const release = await answerAfterLiveReread(page, {
      changePath: `${reportPath}/comment`,
      readPath: reportPath,
      reread: (body) =>
        (body as { weeklyReport: { vetComment: string } }).weeklyReport.vetComment.startsWith(
          '{{PET_NAME}} breathes faster',
        ),
    });
    await page.getByRole('button', { name: 'Save comment' }).click();
    await expect(page.getByText('Comment saved.')).toBeVisible();
    await release();
    await expect(page.getByTestId('comment-overtaken')).toHaveCount(0);

    await page.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect(page.getByText('Report marked reviewed.')).toBeVisible();
    await expect(page.getByTestId('report-history')).toContainText('Reviewed by');
    await expect(page.getByRole('button', { name: 'Mark reviewed' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Send to owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the report to the owner?' });
    await expect(dialog).toContainText(family.owner.email);
    await dialog.getByRole('button', { name: 'Send to owner' }).click();
    await expect(page.getByText(`Report sent to ${family.owner.email}.`)).toBeVisible();
    await expect(page.getByTestId('report-history')).toContainText(`Sent to ${family.owner.email} by`);
    // A sent report is what the owner got: its comment is shown, no longer editable.
    await expect(page.getByRole('textbox', { name: 'Comment for the owner' })).toHaveCount(0);
    await expect(page.getByTestId('comment-preview')).toContainText(`${pet.name} breathes faster asleep`);

    // Back in the list, filtered in the URL: the report is among the sent ones now.
    await page.getByRole('link', { name: 'All weekly reports' }).click();
    await page.goto(`/weekly-reports?petUuid=${pet.uuid}&status=sent`);
    await expect(rows(page)).toHaveCount(8);
    await expect(page.getByTestId('status-filter')).toContainText('Draft (0)');
  });
});
