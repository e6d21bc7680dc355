import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { specFamily } from '../support/fixtures.ts';
import { textPdf } from '../support/pdf.ts';
import { test } from '../support/test.ts';

/** A real PNG (one pixel), as a phone's photo would be checked: by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** This spec's own copy of Luna ("Quillon"): its uploads and reviews change no one else's records. */
const family = specFamily('records');
const pet = family.pets.luna;

/** Drops files on the zone as a browser does after a drag from the desktop. */
async function dropFiles(zone: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const transfer = await zone.page().evaluateHandle(
    (given) => {
      const data = new DataTransfer();
      for (const file of given)
        data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.mimeType }));
      return data;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] })),
  );
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

function labelRow(page: Page, name: string) {
  return page.getByTestId('label-row').filter({ has: page.getByText(name, { exact: true }) });
}

test.describe('medical records', () => {
  test('a vet uploads a lab PDF for a pet, finds it awaiting review, previews it, labels it and reviews it; two labels merge', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await logIn(page);
    const title = 'Quillon haematology panel';
    const [first, second] = ['Quillon follow-up', 'Quillon rechecks'];

    // Two labels, made for this test: the record gets the first, which is then merged into the second.
    await page.goto('/medical-records/labels');
    for (const name of [first, second]) {
      await page.getByTestId('label-name').fill(name);
      await page.getByRole('button', { name: 'Add label' }).click();
      await expect(labelRow(page, name)).toBeVisible();
    }

    // The pet menu's link opens the pet's records; a file of another kind is refused before sending.
    await page.goto(`/pets/${pet.uuid}`);
    const link = page.getByRole('link', { name: 'Medical Records (opens in a new window)' });
    await expect(link).toHaveAttribute('href', `/pets/${pet.uuid}/medical-records`);
    await page.goto(`/pets/${pet.uuid}/medical-records`);
    await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
    const zone = page.getByTestId('record-dropzone');
    await dropFiles(zone, [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a record') },
    ]);
    const refused = page.getByTestId('upload-item').filter({ hasText: 'notes.txt' });
    await expect(refused.getByRole('alert')).toHaveText(
      'The file must be a PDF, JPEG, PNG or WebP (by its content): nothing was stored',
    );

    // A PDF and a photo dropped together: each is sent with its own progress bar and listed as awaiting review.
    const pdf = textPdf(['Haematology panel', 'Quillon', 'WBC 9.1 x10^9/L', 'HCT 46 %']);
    await dropFiles(zone, [
      { name: `${title}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      { name: 'Quillon wound photo.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const photo = page.getByTestId('upload-item').filter({ hasText: 'Quillon wound photo' });
    await expect(photo).toHaveAttribute('data-state', 'done');
    const upload = page.getByTestId('upload-item').filter({ hasText: title });
    await expect(upload.getByRole('progressbar', { name: `Uploading ${title}.pdf` })).toBeAttached();
    await expect(upload).toHaveAttribute('data-state', 'done');
    await expect(upload.getByText('Uploaded')).toBeVisible();
    const petRow = page
      .getByRole('table', { name: 'Medical records' })
      .getByRole('row')
      .filter({ hasText: title });
    await expect(petRow.getByText('Awaiting review')).toBeVisible();

    // From the inbox: the vet picks the pet, then the file with the button (the keyboard way).
    await page.goto(`/medical-records?search=${pet.name}&status=pending`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const uploadDialog = page.getByRole('dialog', { name: 'Upload medical records' });
    await expect(uploadDialog.getByRole('button', { name: 'Choose files' })).toBeDisabled();
    await uploadDialog.getByTestId('upload-pet').fill(pet.name);
    await page.getByRole('option', { name: new RegExp(`^${pet.name} · `) }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      uploadDialog.getByRole('button', { name: 'Choose files' }).click(),
    ]);
    await chooser.setFiles({
      name: 'Quillon urinalysis.pdf',
      mimeType: 'application/pdf',
      buffer: textPdf(['Urinalysis', 'Quillon', 'USG 1.032']),
    });
    await expect(
      uploadDialog.getByTestId('upload-item').filter({ hasText: 'Quillon urinalysis' }),
    ).toHaveAttribute('data-state', 'done');
    await page.keyboard.press('Escape');

    // In the inbox, searched by the pet's name: both awaiting review, uploaded by the vet.
    const table = page.getByRole('table', { name: 'Medical records' });
    await expect(table.getByRole('row').filter({ hasText: 'Quillon urinalysis' })).toHaveCount(1);
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);

    // Uploaded by the owner: none of these; by me (this vet): both, with the choice kept in the URL.
    const uploadedBy = page.getByRole('combobox', { name: 'Uploaded by' });
    await uploadedBy.click();
    await page.getByRole('option', { name: 'The owner (app)' }).click();
    await expect(page).toHaveURL(/uploadedBy=owner/);
    await expect(table.getByRole('row').filter({ hasText: 'Quillon urinalysis' })).toHaveCount(0);
    await uploadedBy.click();
    await page.getByRole('option', { name: 'Me', exact: true }).click();
    await expect(page).toHaveURL(/uploaderVet=me/);
    await expect(page).not.toHaveURL(/uploadedBy=/);
    await expect(table.getByRole('row').filter({ hasText: 'Quillon urinalysis' })).toHaveCount(1);
    await expect(row).toHaveCount(1);

    // The urinalysis is reviewed from the inbox with the selection, and leaves the awaiting list.
    await page.getByRole('checkbox', { name: `Select ${pet.name}’s Quillon urinalysis` }).check();
    await page.getByRole('button', { name: 'Mark reviewed (1)' }).click();
    await expect(page.getByText('1 record marked reviewed.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Quillon urinalysis' })).toHaveCount(0);
    await expect(row.getByText('Awaiting review')).toBeVisible();
    await expect(row.getByText(family.owner.fullName)).toBeVisible();
    await row.getByRole('link', { name: title }).click();

    // The record: the PDF drawn in the page, downloadable under its own name.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('pdf-page-number')).toHaveText('Page 1 of 1');
    const canvas = page.getByTestId('pdf-page');
    await expect(canvas).toBeVisible();
    expect((await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(300);
    await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('download', `${title}.pdf`);

    // Labelled, then reviewed.
    await page.getByTestId('record-labels-input').click();
    await page.getByRole('option', { name: first }).click();
    await expect(page.getByText('Labels saved.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect(page.getByText('Record marked reviewed.', { exact: true })).toBeVisible();
    await expect(page.locator('[data-status="reviewed"]')).toBeVisible();
    await expect(page.getByText(/^Helena Marsh, /)).toBeVisible();
    const recordUrl = page.url();

    // The details: what this vet is typing stays when other details are saved meanwhile (a colleague,
    // here the same vet in another tab), and a field the vet has not touched follows what was saved.
    const recordApi = `/v1/medical-records/${recordUrl.split('/').at(-1)}`;
    const { medicalRecord: before } = (await (await page.request.get(recordApi)).json()) as {
      medicalRecord: { documentDate: { year: number; month: number; day: number } };
    };
    const details = page.getByRole('region', { name: 'Details' });
    const titleInput = details.getByRole('textbox', { name: 'Title' });
    await titleInput.fill(`${title}, corrected`);
    const dateElsewhere = await page.request.patch(recordApi, {
      data: { documentDate: { year: 2026, month: 3, day: 2 } },
    });
    expect(dateElsewhere.status()).toBe(200);
    await expect(details.getByLabel('Document date')).toHaveText('02/03/2026');
    await expect(titleInput).toHaveValue(`${title}, corrected`);
    await expect(details.getByTestId('details-overtaken')).toHaveCount(0);
    const titleElsewhere = await page.request.patch(recordApi, {
      data: { title: 'Quillon bloods, night shift' },
    });
    expect(titleElsewhere.status()).toBe(200);
    await expect(details.getByTestId('details-overtaken')).toContainText('“Quillon bloods, night shift”');
    await expect(titleInput).toHaveValue(`${title}, corrected`);
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${title}, corrected` })).toBeVisible();
    await expect(details.getByTestId('details-overtaken')).toHaveCount(0);
    // Back to the details the rest of this test expects, saved elsewhere: the untouched form follows.
    const restored = await page.request.patch(recordApi, {
      data: { title, documentDate: before.documentDate },
    });
    expect(restored.status()).toBe(200);
    await expect(titleInput).toHaveValue(title);

    // The first label merged into the second: the confirmation says how many records move.
    await page.goto('/medical-records/labels');
    await page.getByRole('button', { name: `Actions for ${first}` }).click();
    await page.getByRole('menuitem', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog', { name: `Merge “${first}” into another label` });
    await dialog.getByTestId('merge-into').click();
    await page.getByRole('option', { name: second, exact: true }).click();
    await expect(dialog.getByTestId('merge-summary')).toContainText(
      `1 record labelled “${first}” will be labelled “${second}”`,
    );
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(labelRow(page, first)).toHaveCount(0);
    await expect(
      labelRow(page, second).getByRole('link', { name: `1 record labelled ${second}` }),
    ).toBeVisible();

    await page.goto(recordUrl);
    await expect(page.locator(`[data-label="${second}"]`)).toBeVisible();
    await expect(page.locator(`[data-label="${first}"]`)).toHaveCount(0);

    // The photo is shown as it is in the page.
    await page.goto(`/pets/${pet.uuid}/medical-records`);
    await page.getByRole('link', { name: 'Quillon wound photo' }).click();
    const image = page.getByTestId('record-image');
    await expect(image).toBeVisible();
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  test('the next label can be typed as soon as one is added, while the list is still catching up', async ({
    page,
  }) => {
    await logIn(page, undefined, '/medical-records/labels');
    const name = page.getByTestId('label-name');
    await expect(name).toBeVisible();
    // The list's reload after the change is held back until the next name is typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/v1/labels',
      async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      },
    );
    await name.fill('Quillon triage');
    await page.getByRole('button', { name: 'Add label' }).click();
    await expect(page.getByText('“Quillon triage” added.')).toBeVisible();
    await expect(name).toHaveValue('');
    await name.fill('Quillon second opinion');
    release();
    await expect(labelRow(page, 'Quillon triage')).toBeVisible();
    await expect(name).toHaveValue('Quillon second opinion');
  });
});
