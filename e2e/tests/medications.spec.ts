import { expect } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { LUNA } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Pomegranate"): prescribing changes her medications. */
const family = specFamily('medications');
const pet = family.pets.luna;

test.describe('medications', () => {
  test('a vet prescribes with the dose computed from the latest weight, confirms an out-of-range dose with a reason, and stops it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    // A fresh weight, so the only warning is the one this test raises on purpose.
    const weighed = await page.request.post('/v1/weight-history', {
      data: {
        petUuid: pet.uuid,
        value: 30,
        measuredAt: { seconds: Math.floor(Date.now() / 1000) - 60 },
        location: 'vet',
      },
    });
    expect(weighed.status(), await weighed.text()).toBe(201);

    await openInApp(page, `/pets/${pet.uuid}/medications`);
    await page.getByRole('button', { name: 'Prescribe' }).click();
    const dialog = page.getByRole('dialog', { name: `Prescribe for ${pet.name}` });
    const drug = dialog.getByRole('combobox', { name: 'Drug' });
    await drug.click();
    await drug.fill('Pimo');
    await page.getByRole('option', { name: 'Pimobendan', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Strength' }).click();
    await page.getByRole('option', { name: 'Chewable tablet, 5 mg', exact: true }).click();
    const dose = dialog.getByRole('textbox', { name: 'Dose (mg/kg)' });
    await dose.fill('0.25');
    // 0.25 mg/kg × 30 kg, computed in the page as the API will.
    const preview = dialog.getByTestId('dose-preview');
    await expect(preview).toContainText('Weight 30 kg');
    await expect(preview).toContainText('7.5 mg per dose = 1½ tablets of 5 mg');

    await dose.fill('0.5');
    await expect(preview).toContainText('15 mg per dose = 3 tablets of 5 mg');
    await dialog.getByRole('button', { name: 'Prescribe' }).click();
    const warnings = dialog.getByTestId('prescription-warnings');
    await expect(warnings).toContainText('The usual dose for a dog is 0.1–0.3 mg/kg');
    await warnings.getByRole('checkbox', { name: /prescribe anyway/ }).check();
    await warnings
      .getByRole('textbox', { name: 'Why you prescribe despite the warnings' })
      .fill('Cardiologist’s advice');
    await dialog.getByRole('button', { name: 'Prescribe' }).click();
    await expect(dialog).toBeHidden();

    const current = page.getByRole('table', { name: 'Current medications' });
    // The copy of Luna has her own pimobendan (2.5 mg) and furosemide from the seed, too.
    const row = current.locator('tbody tr', { hasText: 'Chewable tablet, 5 mg' });
    await expect(row).toContainText('3 tablets of 5 mg, twice a day');
    await expect(row).toContainText('0.5 mg/kg × 30 kg = 15 mg');
    await expect(row).toContainText('Cardiologist’s advice');

    await row.getByRole('button', { name: 'Stop' }).click();
    const stopDialog = page.getByRole('dialog', { name: 'Stop Pimobendan' });
    await stopDialog.getByRole('textbox', { name: 'Why it is stopped' }).fill('Coughing at night');
    await stopDialog.getByRole('button', { name: 'Stop' }).click();
    await expect(stopDialog).toBeHidden();
    const past = page
      .getByRole('table', { name: 'Past medications' })
      .locator('tbody tr', { hasText: 'Chewable tablet, 5 mg' });
    await expect(past).toContainText('Stopped');
    await expect(past).toContainText('Coughing at night');
    await expect(row).toHaveCount(0);

    // Both are on the pet's timeline, linking back here.
    await openInApp(page, `/pets/${pet.uuid}/timeline`);
    await expect(page.getByText('Prescription stopped: Pimobendan (Coughing at night)')).toBeVisible();
    await expect(page.getByText('Prescription started: Pimobendan, 3 tablets of 5 mg')).toBeVisible();
  });

  test('a vet changes a dose with a reason: a new version, the old one kept in the history and on the timeline', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    const weighed = await page.request.post('/v1/weight-history', {
      data: {
        petUuid: pet.uuid,
        value: 20,
        measuredAt: { seconds: Math.floor(Date.now() / 1000) - 60 },
        location: 'vet',
      },
    });
    expect(weighed.status(), await weighed.text()).toBe(201);
    const prescribed = await page.request.post(`/v1/pets/${pet.uuid}/prescriptions`, {
      data: {
        drugCode: 'furosemide',
        strengthId: 'furosemide-tab-10',
        doseMgPerKg: 1,
        frequency: 'twice_daily',
        route: 'oral',
        startOn: todayInLondon(),
        reason: 'Congestive heart failure',
      },
    });
    expect(prescribed.status(), await prescribed.text()).toBe(201);

    await openInApp(page, `/pets/${pet.uuid}/medications`);
    const current = page.getByRole('table', { name: 'Current medications' });
    // By its reason: the copy of Luna has the seed's furosemide too.
    const row = current.locator('tbody tr', { hasText: 'Congestive heart failure' });
    await expect(row).toContainText('2 tablets of 10 mg, twice a day');
    await row.getByRole('button', { name: 'Change dose' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Furosemide' });
    await dialog.getByRole('textbox', { name: 'Dose (mg/kg)' }).fill('2');
    // No reason: the contract's message, nothing sent.
    await dialog.getByRole('button', { name: 'Save the change' }).click();
    await expect(dialog.getByText('A reason is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Why it is changed' }).fill('Breathing still up at night');
    await dialog.getByRole('button', { name: 'Save the change' }).click();
    await expect(dialog).toBeHidden();

    // 2 mg/kg × 20 kg = 40 mg: the new version; the old one in the past list as changed, with why.
    await expect(row).toContainText('4 tablets of 10 mg, twice a day');
    await expect(row).toContainText('Changed version');
    const past = page
      .getByRole('table', { name: 'Past medications' })
      .locator('tbody tr', { hasText: 'Congestive heart failure' });
    await expect(past).toContainText('2 tablets of 10 mg');
    await expect(past).toContainText('Changed');
    await expect(past.getByTestId('change-reason')).toContainText('Breathing still up at night');

    await openInApp(page, `/pets/${pet.uuid}/timeline`);
    await expect(
      page.getByText('Prescription changed: Furosemide (Breathing still up at night)'),
    ).toBeVisible();
  });

  test("Luna's respiratory chart says what furosemide did, beside its marker, and so does her medications page", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page);
    // The seed starts her furosemide 75 days before its readings end (now), on a London day.
    const start = londonDay(new Date(Date.now() - 75 * 86_400_000));
    const words = new RegExp(
      `^Furosemide started ${start.slice(8, 10)}/${start.slice(5, 7)}: sleeping RR \\d+ → \\d+ \\(7 nights each side, \\d+ % coverage\\)$`,
    );
    await openInApp(page, `/pets/${LUNA.uuid}/respiratory-history?scope=month&date=${start}&events=true`);
    const responses = page.getByTestId('tracker-chart').getByTestId('treatment-response');
    await expect(responses.first()).toHaveText(words);
    await expect(
      page.getByTestId('chart-event').filter({ hasText: 'Prescription started: Furosemide' }),
    ).toBeVisible();

    await openInApp(page, `/pets/${LUNA.uuid}/medications`);
    await expect(
      page.getByTestId('treatment-response').filter({ hasText: /^Furosemide started .*sleeping RR/ }),
    ).toHaveText(words);
  });
});

function londonDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function todayInLondon() {
  const [year, month, day] = londonDay(new Date()).split('-').map(Number);
  return { year, month, day };
}
