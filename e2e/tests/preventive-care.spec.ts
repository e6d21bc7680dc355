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

test.describe('the preventive-care inbox', () => {
  test('opens from the home count, keeps its filters in the URL and lists each pet’s items', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await logIn(page);
    const count = page.locator('[data-count="preventiveCareOverdue"]');
    await expect(count).toHaveAttribute('href', '/preventive-care?status=overdue');
    await count.click();
    await expect(page).toHaveURL(/\/preventive-care\?status=overdue$/);
    await expect(page.getByRole('heading', { name: 'Preventive care', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Preventive care due' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.locator('tbody tr', { hasNotText: 'Overdue' })).toHaveCount(0);

    // Filters come from the URL: this spec's Luna and her rabies vaccine, overdue since she was a puppy.
    await openInApp(page, `/preventive-care?item=dog.rabies&search=${pet.name}`);
    await expect(page.getByRole('combobox', { name: 'Vaccine or treatment' })).toHaveValue('Dog: Rabies');
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(pet.name);
    await expect(rows.first()).toContainText('Rabies');
    await expect(rows.first()).toContainText('Overdue');
    await expect(rows.first()).toContainText('Never');
    // Choosing a species in the toolbar writes it to the URL and drops an item of another species.
    await page.getByRole('combobox', { name: 'Species' }).click();
    await page.getByRole('option', { name: 'Cat' }).click();
    await expect(page).toHaveURL(/species=cat/);
    await expect(page).not.toHaveURL(/item=/);

    // A row opens the pet's schedule.
    await openInApp(page, `/preventive-care?item=dog.rabies&search=${pet.name}`);
    await rows.first().getByRole('link', { name: pet.name }).click();
    await expect(page).toHaveURL(new RegExp(`/pets/${pet.uuid}/preventive-care$`));

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await openInApp(page, '/preventive-care?status=overdue&species=dog');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`preventive-inbox-${width}.png`), fullPage: true });
    }
  });
});
