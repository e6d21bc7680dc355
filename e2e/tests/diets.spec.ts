import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, LUNA } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

const INGREDIENTS_PATH = '/v1/ingredients';
const TURKEY = 'Turkey breast, cooked (roasted, skinless)';
const RICE = 'White rice, cooked';
const OIL = 'Sunflower oil';

/** SPEC §9: 1 oz = 28.35 g, 1 ml = 0.9 g. */
const GRAMS_PER = { g: 1, oz: 28.35, ml: 0.9 } as const;

/** The catalogue's kcal per 100 g, read through the vet's own session. */
async function kcalPer100g(page: Page): Promise<Map<string, number>> {
  const response = await page.request.get(INGREDIENTS_PATH);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { ingredients: { name: string; kcalPer100g: number }[] };
  return new Map(body.ingredients.map((row) => [row.name, row.kcalPer100g]));
}

const kcalText = (kcal: number) => `${Math.round(kcal).toLocaleString('en-GB')} kcal`;

async function addIngredient(page: Page, search: string, name: string) {
  const picker = page.getByRole('combobox', { name: 'Add an ingredient' });
  await picker.click();
  await picker.fill(search);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('textbox', { name: `Amount of ${name}` })).toBeVisible();
}

async function setAmount(page: Page, name: string, amount: string, unit: keyof typeof GRAMS_PER) {
  await page.getByRole('textbox', { name: `Amount of ${name}` }).fill(amount);
  if (unit !== 'g') {
    await page.getByRole('combobox', { name: `Unit of ${name}` }).click();
    await page.getByRole('option', { name: unit, exact: true }).click();
  }
}

/**
 * Toasts sit top right, over the editor's own buttons, and pause while the pointer is on them: close
 * the toast before clicking there. Its close button, not its timer: waiting for the toast to close by
 * itself cost the test four seconds each time.
 */
async function waitForToastToGo(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(text)).toBeHidden();
}

/** This spec's own copy of Biscuit: it gives him diets and a new current plan. */
const biscuit = specFamily('diets').pets.biscuit;

/** A copy of Biscuit whose draft is changed behind the publish dialog's back. */
const gingernut = specFamily('dietsMeanwhile').pets.biscuit;

const liveEnergy = (page: Page) => page.getByTestId('formulation-panel').getByTestId('diet-energy-kcal');

test.describe('diets', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test('a vet formulates a diet in several units, saves, publishes and shares its PDF with a logged-out owner', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const kcal = await kcalPer100g(page);

    // From the pet's diets page to a new draft.
    await openInApp(page, `/pets/${biscuit.uuid}/diets`);
    await expect(page.getByRole('heading', { level: 1, name: 'Diet plans' })).toBeVisible();
    await page.getByRole('link', { name: 'New diet' }).first().click();
    await expect(page).toHaveURL(`/pets/${biscuit.uuid}/diets/new`);
    await expect(page.getByRole('combobox', { name: 'Nutrient profile' })).toHaveValue('FEDIAF adult');
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Maintenance', exact: true }).click();
    await page.getByRole('button', { name: 'Create diet' }).click();
    await expect(page).toHaveURL(/\/diets\/[0-9a-f-]{36}\/edit$/);
    const dietUuid = /\/diets\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Edit maintenance diet' })).toBeVisible();
    await expect(liveEnergy(page)).toContainText('0 kcal');

    // Ingredients in grams, ounces and millilitres: the energy follows every keystroke.
    await addIngredient(page, 'Turkey', TURKEY);
    await setAmount(page, TURKEY, '200', 'g');
    const turkeyKcal = (200 * (kcal.get(TURKEY) ?? 0)) / 100;
    await expect(liveEnergy(page)).toContainText(kcalText(turkeyKcal));

    await addIngredient(page, 'white rice', RICE);
    await setAmount(page, RICE, '5', 'oz');
    const riceKcal = (5 * GRAMS_PER.oz * (kcal.get(RICE) ?? 0)) / 100;
    await expect(liveEnergy(page)).toContainText(kcalText(turkeyKcal + riceKcal));

    await addIngredient(page, 'sunflower', OIL);
    await setAmount(page, OIL, '10', 'ml');
    const total = turkeyKcal + riceKcal + (10 * GRAMS_PER.ml * (kcal.get(OIL) ?? 0)) / 100;
    await expect(liveEnergy(page)).toContainText(kcalText(total));
    await expect(page.getByTestId('diet-nutrients').locator('tbody tr')).not.toHaveCount(0);

    // Dates in the vet's DD/MM/YYYY; a next assessment before the formulation is refused before sending.
    await page.getByRole('textbox', { name: 'Formulated on' }).fill('21/11/2026');
    await page.getByRole('textbox', { name: 'Next assessment' }).fill('01/11/2026');
    await page.getByRole('textbox', { name: 'Meals per day' }).click();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Must be on or after the formulation date')).toBeVisible();
    await page.getByRole('textbox', { name: 'Next assessment' }).fill('21/02/2027');
    await page.getByRole('textbox', { name: 'Meals per day' }).click();

    await page
      .getByRole('textbox', { name: 'Instructions for the owner' })
      .fill('Feed {{PET_NAME}} twice a day.');
    await expect(page.getByTestId('instructions-preview')).toHaveText(`Feed ${biscuit.name} twice a day.`);

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'View diet' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page).toHaveURL(`/diets/${dietUuid}/edit`);

    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    await waitForToastToGo(page, 'Diet saved.');
    await page.getByRole('link', { name: 'View diet' }).click();
    await expect(page).toHaveURL(`/diets/${dietUuid}`);

    // The read view: what was saved, in the vet's units and in grams.
    await expect(page.getByRole('heading', { level: 1, name: 'Maintenance diet' })).toBeVisible();
    const ingredients = page.getByRole('table', { name: 'Ingredients' });
    await expect(ingredients.locator('tbody tr')).toHaveCount(3);
    await expect(ingredients.locator('tbody tr').nth(1)).toContainText('5 oz');
    await expect(ingredients.locator('tbody tr').nth(1)).toContainText('141.75 g');
    await expect(ingredients.locator('tbody tr').nth(2)).toContainText('10 ml');
    await expect(page.getByTestId('diet-details')).toContainText('21/11/2026');
    await expect(page.getByTestId('diet-details')).toContainText('21/02/2027');
    await expect(page.getByTestId('diet-instructions')).toHaveText(
      new RegExp(`Feed ${biscuit.name} twice a day\\.`),
    );
    await expect(page.getByTestId('diet-energy-kcal')).toContainText(kcalText(total));

    // Publish: the dialog lists the diet's warnings (turkey, rice and oil alone are short of minerals)
    // and asks for an acknowledgement and a reason before the diet goes to the owner.
    const warnings = (await page.getByTestId('diet-warnings').getByRole('listitem').allTextContents()).map(
      (text) => text.trim(),
    );
    expect(warnings.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    const publishDialog = page.getByRole('dialog', { name: 'Publish this diet?' });
    const listed = publishDialog.getByTestId('diet-publish-warnings').getByRole('listitem');
    await expect(listed).toHaveText(warnings);
    await publishDialog.getByRole('button', { name: 'Publish' }).click();
    await expect(publishDialog.getByText('Acknowledge the warnings to publish')).toBeVisible();
    await expect(publishDialog.getByText('A reason is required')).toBeVisible();
    await publishDialog
      .getByRole('checkbox', { name: 'I have checked these warnings and publish this diet despite them' })
      .check();
    await publishDialog
      .getByRole('textbox', { name: 'Reason' })
      .fill('Mineral mix added at home; recheck in 4 weeks');
    await publishDialog.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Diet published')).toBeVisible();
    const acknowledgement = page.getByTestId('diet-acknowledgement');
    await expect(acknowledgement.getByRole('listitem')).toHaveText(warnings);
    await expect(acknowledgement.getByTestId('diet-acknowledgement-by')).toContainText(
      `${HEAD_VET.fullName} acknowledged`,
    );
    await expect(acknowledgement.getByTestId('diet-acknowledgement-reason')).toHaveText(
      'Reason: Mineral mix added at home; recheck in 4 weeks',
    );
    await expect(page.getByTestId('diet-status')).toHaveText('Published');
    await expect(page.getByTestId('diet-current')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Generate PDF' }).click();
    await expect(page.getByText('The PDF is generated and up to date.')).toBeVisible();

    await page.getByRole('button', { name: 'Get PDF link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Link to the PDF' });
    const linkInput = linkDialog.getByTestId('diet-pdf-url');
    await expect(linkInput).toHaveValue(new RegExp(`/diets/${dietUuid}/pdf\\?expires=\\d+&signature=`));
    const pdfUrl = await linkInput.inputValue();
    await expect(linkDialog.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', pdfUrl);
    await page.keyboard.press('Escape');

    // The owner: a fresh browser without any session.
    const owner = await browser.newContext();
    try {
      const ownerPage = await owner.newPage();
      const content = ownerPage.waitForResponse((response) => response.url().includes('/pdf/content'));
      await ownerPage.goto(pdfUrl);
      const answer = await content;
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('application/pdf');
      await expect(ownerPage).toHaveURL(pdfUrl);
      await expect(ownerPage.getByTestId('diet-pdf-viewer')).toBeVisible();
      await expect(ownerPage.getByTestId('diet-pdf-download')).toBeVisible();

      const tampered = pdfUrl.replace(
        /signature=(.)/,
        (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
      );
      await ownerPage.goto(tampered);
      await expect(ownerPage.getByText('This link is not valid.')).toBeVisible();
      await expect(ownerPage.getByTestId('diet-pdf-viewer')).toHaveCount(0);
      await expect(ownerPage).not.toHaveURL(/\/login/);
    } finally {
      await owner.close();
    }

    // A logged-in vet opens the page without a signature too.
    await page.goto(`/diets/${dietUuid}/pdf`);
    await expect(page.getByTestId('diet-pdf-viewer')).toBeVisible();

    // Copy the published diet to a new draft, then delete that draft.
    await page.goto(`/diets/${dietUuid}`);
    // The PDF just opened is the one the diet page speaks of.
    await expect(page.getByTestId('diet-pdf-status')).toHaveText(/^Up to date, made \d\d\/\d\d\/\d{4}/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page
      .getByRole('dialog', { name: 'Copy this diet?' })
      .getByRole('button', { name: 'Copy to a new draft' })
      .click();
    await expect(page).toHaveURL(/\/diets\/[0-9a-f-]{36}\/edit$/);
    expect(page.url()).not.toContain(dietUuid);
    await expect(page.getByRole('textbox', { name: `Amount of ${RICE}` })).toHaveValue('5');
    await page.getByRole('link', { name: 'View diet' }).click();
    await expect(page.getByTestId('diet-status')).toHaveText('Draft');
    await expect(page.getByTestId('diet-pdf-status')).toHaveText('Ready: made the first time it is opened');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this draft?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(`/pets/${biscuit.uuid}/diets`);
    await expect(page.getByText('The draft diet was deleted.')).toBeVisible();
    const current = page.getByTestId('diets-table').locator('tr[data-current]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('data-diet-uuid', dietUuid);
  });

  test('a diet changed elsewhere while its publish dialog is open: the 409 shows the server’s new warnings and asks again', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const created = await page.request.post('/v1/diets', {
      data: { petUuid: gingernut.uuid, kind: 'maintenance', nutrientProfileKind: 'fediaf_adult' },
    });
    expect(created.status()).toBe(201);
    const dietUuid = (await created.json()).diet.uuid as string;
    await openInApp(page, `/diets/${dietUuid}`);
    await expect(page.getByTestId('diet-status')).toHaveText('Draft');

    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish this diet?' });
    const listed = dialog.getByTestId('diet-publish-warnings').getByRole('listitem');
    const before = (await listed.allTextContents()).map((text) => text.trim());
    expect(before.length).toBeGreaterThan(0);
    const box = dialog.getByRole('checkbox', {
      name: 'I have checked these warnings and publish this diet despite them',
    });
    await box.check();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Owner cooks at home; recheck in 2 weeks');

    // The page's re-reads of the diet are held from here, as when a colleague's change has not reached
    // it yet (its live update or a refocus would show the new list first): the 409 is then what tells.
    const dietRead = `**/v1/diets/${dietUuid}`;
    await page.route(dietRead, () => {});
    // Meanwhile, the same vet gives the draft an ingredient through the API: other warnings.
    const catalogue = (await (await page.request.get(INGREDIENTS_PATH)).json()) as {
      ingredients: { id: string; name: string }[];
    };
    const turkey = catalogue.ingredients.find((row) => row.name === TURKEY);
    const patched = await page.request.patch(`/v1/diets/${dietUuid}`, {
      data: { ingredients: [{ ingredientId: turkey?.id, amount: 200, unit: 'g' }] },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const now = ((await patched.json()).diet.formulation.warnings as { message: string }[]).map(
      (warning) => warning.message,
    );
    expect(now).not.toEqual(before);

    const refused = page.waitForResponse((response) =>
      response.url().endsWith(`/v1/diets/${dietUuid}/publish`),
    );
    await dialog.getByRole('button', { name: 'Publish' }).click();
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByTestId('diet-publish-warnings-changed')).toHaveText(
      'The warnings changed since this page was loaded: check them again.',
    );
    await expect(listed).toHaveText(now);
    await expect(box).not.toBeChecked();
    await expect(dialog.getByText('Acknowledge the warnings to publish')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue(
      'Owner cooks at home; recheck in 2 weeks',
    );

    await page.unroute(dietRead);
    await box.check();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Diet published')).toBeVisible();
    const stored = (await (await page.request.get(`/v1/diets/${dietUuid}`)).json()).diet;
    expect(stored.status).toBe('published');
  });

  test("Luna's profile shows her current cardiac diet plan", async ({ page }) => {
    await openInApp(page, `/pets/${LUNA.uuid}`);
    const card = page.getByTestId('current-diet-plan-card');
    await expect(card.getByRole('heading', { name: 'Diet plan' })).toBeVisible();
    await expect(card.getByTestId('diet-plan-kind')).toHaveText('Cardiac');
    await expect(card).toContainText(/Since\s*\d\d\/\d\d\/\d{4}/);
    await card.getByTestId('diet-plan-link').click();
    await expect(page).toHaveURL(/\/diets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cardiac diet' })).toBeVisible();
    await expect(page.getByTestId('diet-status')).toHaveText('Published');
    await expect(page.getByTestId('diet-current')).toBeVisible();
    await expect(page.getByTestId('diet-pet-link')).toHaveText(LUNA.name);
  });
});

for (const viewport of screenViewports) {
  test.describe(`diet screens at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`diet pages @screens`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      await logIn(page, HEAD_VET.email, `/pets/${LUNA.uuid}/diets`);
      await expect(page.getByTestId('diets-table').locator('tbody tr').first()).toBeVisible();
      await shoot(page, 'diets-list', viewport.name);

      await page.getByTestId('diets-table').locator('tr[data-current] a').first().click();
      await expect(page.getByTestId('formulation-panel')).toBeVisible();
      await shoot(page, 'diet-view', viewport.name);

      await page.goto(`/pets/${LUNA.uuid}`);
      await expect(page.getByTestId('diet-plan-kind')).toBeVisible();
      await shoot(page, 'pet-profile-diet-plan', viewport.name);

      await page.goto(`/pets/${LUNA.uuid}/diets/new`);
      await page.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Renal', exact: true }).click();
      await page.getByRole('button', { name: 'Create diet' }).click();
      await expect(page).toHaveURL(/\/edit$/);
      await addIngredient(page, 'Turkey', TURKEY);
      await addIngredient(page, 'white rice', RICE);
      await setAmount(page, RICE, '5', 'oz');
      await page
        .getByRole('textbox', { name: 'Instructions for the owner' })
        .fill('Feed {{PET_NAME}} twice a day.');
      await shoot(page, 'diet-editor', viewport.name);
      await page.getByRole('button', { name: 'Save' }).first().click();
      await waitForToastToGo(page, 'Diet saved.');
      await page.getByRole('link', { name: 'View diet' }).click();
      await page.getByRole('button', { name: 'Get PDF link' }).click();
      const pdfUrl = await page.getByTestId('diet-pdf-url').inputValue();
      await shoot(page, 'diet-pdf-link', viewport.name);

      const owner = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      try {
        const ownerPage = await owner.newPage();
        await ownerPage.goto(pdfUrl);
        await expect(ownerPage.getByTestId('diet-pdf-viewer')).toBeVisible();
        await ownerPage.waitForTimeout(1500);
        await shoot(ownerPage, 'diet-pdf-public', viewport.name);
        await ownerPage.goto(pdfUrl.replace(/signature=./, 'signature=x'));
        await expect(ownerPage.getByTestId('diet-pdf-failure')).toBeVisible();
        await shoot(ownerPage, 'diet-pdf-invalid', viewport.name);
      } finally {
        await owner.close();
      }
    });
  });
}
