import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { specFamily } from '../support/fixtures.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Quillimbrook"): recording doses changes her schedule. */
const family = specFamily('preventiveCare');
const pet = family.pets.luna;
const DHPP = 'DHPP (distemper, hepatitis, parvovirus, parainfluenza)';

test.describe('preventive care', () => {
  test('a vet records a vaccine dose given at a partner clinic and sees the item turn done', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    // Luna was born in 2018 and has no dose on file: every item of a dog's protocol is overdue.
    await openInApp(page, `/pets/${pet.uuid}/preventive-care`);
    await expect(page.getByRole('heading', { name: 'Preventive care', level: 1 })).toBeVisible();
    const overdue = page.getByTestId('preventive-group-overdue');
    await expect(overdue.getByRole('heading', { name: 'Overdue (7)' })).toBeVisible();
    const overdueRow = overdue.locator('tbody tr', { hasText: DHPP });
    await expect(overdueRow).toContainText('Overdue');
    await expect(overdueRow).toContainText('None recorded');

    await overdueRow.getByRole('button', { name: `Record dose: ${DHPP}` }).click();
    const dialog = page.getByRole('dialog', { name: `Record a dose for ${pet.name}` });
    await expect(dialog.getByRole('combobox', { name: 'Vaccine or treatment' })).toHaveValue(DHPP);
    // Nothing typed: the contract's own message beside the field.
    await dialog.getByRole('button', { name: 'Record dose' }).click();
    await expect(dialog.getByText('The product is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Product' }).fill('Nobivac DHPPi');
    await dialog.getByRole('textbox', { name: 'Batch' }).fill('A123B');
    await dialog.getByRole('textbox', { name: 'Where it was given' }).fill('Riverside partner clinic');
    await dialog.getByRole('textbox', { name: 'Given by' }).fill('Dr Ana Ruiz');
    await dialog.getByRole('button', { name: 'Record dose' }).click();
    await expect(dialog).toBeHidden();

    // An adult of unknown history needs one DHPP dose: done, with its next booster a year on.
    const done = page.getByTestId('preventive-group-done');
    const doneRow = done.locator('tbody tr', { hasText: DHPP });
    await expect(doneRow).toContainText('Done');
    await expect(doneRow).toContainText('Nobivac DHPPi (batch A123B)');
    await expect(doneRow).toContainText('Riverside partner clinic, Dr Ana Ruiz');
    await expect(overdue.getByRole('heading', { name: 'Overdue (6)' })).toBeVisible();
    await expect(overdue.locator('tbody tr', { hasText: DHPP })).toHaveCount(0);

    // Kennel cough does not apply to a dog that never boards: marked with the reason.
    const kennel = overdue.locator('tbody tr', { hasText: 'Kennel cough' });
    await kennel.getByRole('button', { name: /^Not applicable: / }).click();
    const mark = page.getByRole('dialog', { name: /Kennel cough .*: not applicable/ });
    await mark.getByRole('button', { name: 'Mark not applicable' }).click();
    await expect(mark.getByText('A reason is required')).toBeVisible();
    await mark
      .getByRole('textbox', { name: 'Why it does not apply' })
      .fill('Never boards or goes to day care');
    await mark.getByRole('button', { name: 'Mark not applicable' }).click();
    await expect(mark).toBeHidden();
    const notApplicable = page.getByTestId('preventive-group-not_applicable');
    await expect(notApplicable.locator('tbody tr', { hasText: 'Kennel cough' })).toContainText(
      'Never boards or goes to day care',
    );

    // The profile shows the items to act on first and links to the schedule.
    await openInApp(page, `/pets/${pet.uuid}`);
    const card = page.getByTestId('pet-preventive-care-card');
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card).toContainText('Overdue');
    await expect(card).not.toContainText('Kennel cough');
    await card.getByRole('link', { name: 'Open the schedule' }).click();
    await expect(page).toHaveURL(new RegExp(`/pets/${pet.uuid}/preventive-care$`));
  });
});
