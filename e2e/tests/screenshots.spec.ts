import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { logIn, submitLogin } from '../support/auth.ts';
import { auditLines } from '../support/axe.ts';
import { LUNA, LUNA_DOCUMENTS, SAMPLE_UUID } from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { openInApp } from '../support/navigation.ts';
import { findPet } from '../support/pets.ts';
import { test } from '../support/test.ts';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

async function shoot(page: Page, name: string, width: string): Promise<void> {
  // Let fonts and the progress bar settle, so the picture shows the page at rest.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
}

for (const viewport of viewports) {
  test.describe(`screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`public pages @screens`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await shoot(page, 'login', viewport.name);

      await submitLogin(page, 'nobody@example.com', 'wrong-password-here');
      await expect(page.getByText('Invalid email or password')).toBeVisible();
      await shoot(page, 'login-error', viewport.name);

      await page.goto('/reset-password');
      await shoot(page, 'reset-password', viewport.name);
      await page.goto('/reset-password/some-token');
      await shoot(page, 'reset-password-token', viewport.name);
      await page.goto(`/diets/${SAMPLE_UUID}/pdf`);
      await expect(page.getByTestId('diet-pdf-failure')).toBeVisible();
      await shoot(page, 'public-diet-pdf-invalid', viewport.name);
    });

    test(`weekly reports @screens`, async ({ page }) => {
      await logIn(page);
      await page.goto('/weekly-reports');
      await expect(
        page.getByRole('table', { name: 'Weekly reports' }).locator('tbody tr').first(),
      ).toBeVisible();
      await shoot(page, 'weekly-reports', viewport.name);
      const reports = (await (
        await page.request.get(`/v1/weekly-reports?petUuid=${LUNA.uuid}&sort=week&order=desc`)
      ).json()) as { weeklyReports: { uuid: string }[] };
      await page.goto(`/weekly-reports/${reports.weeklyReports[0]?.uuid}`);
      await expect(page.getByTestId('weekly-tracker').first().getByRole('img')).toBeVisible();
      await shoot(page, 'weekly-report', viewport.name);
      await page.goto(`/weekly-reports/${reports.weeklyReports[1]?.uuid}`);
      await expect(page.getByTestId('report-history')).toContainText('Sent to');
      await shoot(page, 'weekly-report-sent', viewport.name);
    });

    test(`pet profile vitals @screens`, async ({ page }) => {
      await logIn(page);
      await page.goto(`/pets/${LUNA.uuid}?vitals=30d`);
      const panel = page.getByTestId('vitals-panel');
      // A chart far below the fold is built as it comes near the screen (chart-turns.ts): on a phone the
      // last vital is drawn once scrolled to.
      await expect(panel.locator('canvas').first()).toBeVisible();
      await panel.locator('[data-testid^="vital-"]').last().scrollIntoViewIfNeeded();
      await expect(panel.locator('canvas')).toHaveCount(5);
      await expect(panel).not.toHaveAttribute('aria-busy', 'true');
      await shoot(page, 'pet-vitals', viewport.name);
      // The same bucket on all five charts while one is hovered.
      const heart = panel.getByTestId('vital-heartRate').locator('canvas');
      await heart.scrollIntoViewIfNeeded();
      const box = await heart.boundingBox();
      if (box) await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
      await expect(heart).toHaveAttribute('data-hover-index', /\d+/);
      // The viewport as it is: an element shot scrolls, and the browser's move after a scroll ends the hover.
      await page.screenshot({ path: path.join(outDir, `pet-vitals-hover-${viewport.name}.png`) });
      // The short ranges: hours and half hours, where the monthly weights leave that chart empty.
      for (const range of ['7 days', '24 h']) {
        await panel.getByText(range, { exact: true }).click();
        await expect(panel).toHaveAttribute('data-range', range === '24 h' ? '24h' : '7d');
        await expect(panel).not.toHaveAttribute('aria-busy', 'true');
        await panel.screenshot({
          path: path.join(outDir, `pet-vitals-${range.replace(' ', '')}-${viewport.name}.png`),
        });
      }
    });

    test(`signed-in pages @screens`, async ({ page }) => {
      await logIn(page);
      await expect(page.getByTestId('home-todo')).toBeVisible();
      await shoot(page, 'home', viewport.name);

      await page.getByRole('button', { name: /: account menu$/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      await shoot(page, 'user-menu', viewport.name);
      await page.keyboard.press('Escape');

      if (viewport.name === 'mobile') {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
        await shoot(page, 'side-menu-open', viewport.name);
      }

      const luna = await findPet(page, 'Luna');
      await page.goto(`/pets/${luna.uuid}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Luna' })).toBeVisible();
      await shoot(page, 'pet-layout', viewport.name);
      if (viewport.name === 'mobile') {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await shoot(page, 'pet-menu-open', viewport.name);
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
      }
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Luna' })).toBeVisible();
      await shoot(page, 'pet-edit', viewport.name);
      await page.keyboard.press('Escape');

      const biscuit = await findPet(page, 'Biscuit');
      await page.goto(`/pets/${biscuit.uuid}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Biscuit' })).toBeVisible();
      await shoot(page, 'pet-layout-b2b', viewport.name);

      await page.goto(`/families/${luna.familyUuid}/pets`);
      await expect(page.getByTestId('family-pet')).toHaveCount(3);
      await shoot(page, 'family-pets', viewport.name);

      await page.keyboard.press('Control+K');
      await page.getByRole('textbox', { name: 'Search pets, owners and vets' }).fill('Lu');
      await expect(page.locator('[data-action]').first()).toBeEnabled();
      await shoot(page, 'search', viewport.name);
      await page.keyboard.press('Escape');

      await openInApp(page, '/reminders');
      await expect(page.getByRole('table', { name: 'Reminders' })).toBeVisible();
      await shoot(page, 'reminders', viewport.name);
      await page.getByRole('button', { name: 'New reminder' }).click();
      await expect(page.getByRole('dialog', { name: 'New reminder' })).toBeVisible();
      await shoot(page, 'reminder-new', viewport.name);
      await page.keyboard.press('Escape');
      await openInApp(page, `/pets/${luna.uuid}/reminders`);
      await expect(page.getByRole('heading', { level: 1, name: /Vet Reminders$/ })).toBeVisible();
      await shoot(page, 'pet-reminders', viewport.name);

      await page.goto('/no-such-page');
      await expect(page.getByText('This page could not be found')).toBeVisible();
      await shoot(page, 'not-found', viewport.name);
    });

    test(`pet timeline @screens`, async ({ page }) => {
      await logIn(page);
      // The profile's header, where the timeline opens from.
      await page.goto(`/pets/${LUNA.uuid}`);
      await expect(page.getByTestId('pet-timeline-link')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(outDir, `pet-profile-header-${viewport.name}.png`) });
      await page.getByTestId('pet-timeline-link').click();
      await expect(page.getByTestId('timeline-item').first()).toBeVisible();
      await shoot(page, 'pet-timeline', viewport.name);
      await openInApp(page, `/pets/${LUNA.uuid}/timeline?source=collar`);
      await expect(page.getByTestId('timeline-item').first()).toBeVisible();
      await shoot(page, 'pet-timeline-collar', viewport.name);
    });

    test(`clinical assessments and medical reports @screens`, async ({ page }) => {
      await logIn(page);
      await page.goto(`/pets/${LUNA.uuid}/clinical-assessments`);
      await expect(page.getByTestId('document-row').first()).toBeVisible();
      await shoot(page, 'pet-clinical-assessments', viewport.name);
      // Luna's amended assessment: signed, locked, its two versions and their diff.
      await page.goto(`/pets/${LUNA.uuid}/clinical-assessments/${LUNA_DOCUMENTS.assessmentV2}`);
      await expect(page.getByTestId('diff-section').first()).toBeVisible();
      await shoot(page, 'clinical-assessment-signed', viewport.name);
      await page.goto(`/pets/${LUNA.uuid}/medical-reports`);
      await expect(page.getByTestId('document-row').first()).toBeVisible();
      await shoot(page, 'pet-medical-reports', viewport.name);
      await page.goto(`/pets/${LUNA.uuid}/medical-reports/${LUNA_DOCUMENTS.cardiologyReport}`);
      await expect(page.getByTestId('signature-block')).toBeVisible();
      await shoot(page, 'medical-report-signed', viewport.name);
      // A draft in the editor, on the browser test's own copy of Luna (the showcase stays as seeded).
      await page.goto(`/pets/${specFamily('clinicalDocuments').pets.luna.uuid}/clinical-assessments`);
      await page.getByRole('button', { name: 'New assessment' }).click();
      await expect(page.getByRole('textbox', { name: 'Plan', exact: true })).toBeVisible();
      await page.getByRole('combobox', { name: 'Problem list' }).fill('Collapse on exertion');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Insert latest vitals' }).click();
      await expect(page.getByTestId('autosave-state')).toHaveAttribute('data-state', 'saved', {
        timeout: 15_000,
      });
      // The page at rest (the editor's focus scrolled it): opened again, as it was saved.
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Objective', exact: true })).toContainText(
        'Latest vitals',
      );
      await shoot(page, 'clinical-assessment-draft', viewport.name);
    });

    test(`medical records @screens`, async ({ page }) => {
      test.setTimeout(90_000);
      await logIn(page);
      await page.goto('/medical-records');
      await expect(
        page.getByRole('table', { name: 'Medical records' }).locator('tbody tr').first(),
      ).toBeVisible();
      await shoot(page, 'medical-records', viewport.name);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Upload medical records' })).toBeVisible();
      await shoot(page, 'medical-records-upload', viewport.name);
      await page.keyboard.press('Escape');

      const luna = await findPet(page, 'Luna');
      const listed = await page.request.get(`/v1/medical-records?petUuid=${luna.uuid}`);
      const records = (await listed.json()).medicalRecords as Array<{ uuid: string; title: string }>;
      const echo = records.find((record) => record.title === 'Cardiac echo report');
      expect(echo, 'Luna’s echo report').toBeDefined();
      await page.goto(`/medical-records/${echo?.uuid}`);
      await expect(page.getByTestId('pdf-page')).toBeVisible();
      await shoot(page, 'medical-record', viewport.name);

      await page.goto(`/pets/${luna.uuid}/medical-records`);
      await expect(page.getByRole('table', { name: 'Medical records' })).toBeVisible();
      await shoot(page, 'pet-medical-records', viewport.name);

      await page.goto('/medical-records/labels');
      await expect(page.getByTestId('label-row').first()).toBeVisible();
      await shoot(page, 'medical-record-labels', viewport.name);
    });

    test(`patient alerts in search and an inbox @screens`, async ({ page }) => {
      test.setTimeout(90_000);
      const pet = specFamily('petProfile').pets.biscuit;
      await logIn(page);
      // Both widths' runs may set them at once on this run's copy of the database: one of them wins.
      for (const data of [{ kind: 'will_bite' }, { kind: 'do_not_sedate' }, { kind: 'senior' }]) {
        const response = await page.request.post(`/v1/pets/${pet.uuid}/alerts`, { data });
        expect([201, 409], await response.text()).toContain(response.status());
      }
      const reminder = await page.request.post('/v1/reminders', {
        data: {
          petUuid: pet.uuid,
          title: 'Recheck the ears',
          dueAt: { seconds: Math.floor(Date.now() / 1000) },
        },
      });
      expect(reminder.status()).toBe(201);

      await page.goto(`/reminders?search=${pet.name}`);
      const row = page.getByRole('row', { name: /Recheck the ears/ }).first();
      await expect(row.getByTestId('pet-alert')).toHaveCount(3);
      await shoot(page, 'reminders-with-alerts', viewport.name);
      expect(await auditLines(page)).toEqual([]);

      await page.keyboard.press('Control+K');
      await page.getByRole('textbox', { name: 'Search pets, owners and vets' }).pressSequentially(pet.name);
      await expect(page.locator('[data-action]').getByTestId('pet-alert')).toHaveCount(3);
      await shoot(page, 'search-with-alerts', viewport.name);
      expect(await auditLines(page)).toEqual([]);
    });
  });
}
