import { expect, type Page } from '@playwright/test';
import { logIn, submitLogin } from '../support/auth.ts';
import { auditLines, blockingViolations, describeViolation } from '../support/axe.ts';
import {
  BISCUIT,
  HEAD_VET,
  LUNA,
  LUNA_CHECKUPS,
  LUNA_DOCUMENTS,
  LUNA_JOURNAL,
  PRODUCT_NAME,
} from '../support/demo.ts';
import { specFamily, specId } from '../support/fixtures.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/**
 * Every screen passes axe-core's WCAG 2.1 A and AA rules at desktop and phone widths,
 * so a new screen that copies the shell cannot bring a serious or critical violation back unnoticed.
 */

/** This spec's own copy of Emma's family: it copies Luna's diet to open the editor on a draft. */
const family = specFamily('accessibility');
const luna = family.pets.luna;

const TRACKERS = ['weight-history', 'respiratory-history', 'itch-history', 'drinking', 'heart-rate', 'rpm'];

const desktop = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };
const viewports = [desktop, phone];

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The screen as it is, at each width: first at the width the page has (it follows the resize, as on a
 * turned tablet), then at the other. One visit per screen for both widths: a visit costs seconds of the
 * suite, the second audit a fraction of one. The page stays at the second width: the next screen starts
 * its audit there, which spares a resize back per screen (a relayout of the whole app each). A step
 * that clicks or types after an audit first calls `atDesktop`.
 */
async function audit(page: Page, screen: string, findings: Finding[], exclude: string[] = []): Promise<void> {
  const startsOnPhone = page.viewportSize()?.width === phone.width;
  for (const viewport of startsOnPhone ? [phone, desktop] : viewports) {
    await resize(page, viewport);
    for (const violation of await blockingViolations(page, { exclude })) {
      findings.push({
        screen: `${screen} at ${viewport.width} px`,
        rule: violation.id,
        impact: violation.impact ?? '',
        targets: describeViolation(violation),
      });
    }
  }
}

/** Back to the laptop's width, where the test's next clicks and keystrokes were written for. */
async function atDesktop(page: Page): Promise<void> {
  await resize(page, desktop);
}

/** A new width, once the page has drawn it: media queries in CSS and in components (matchMedia) both. */
async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  if (page.viewportSize()?.width === viewport.width) return;
  await page.setViewportSize(viewport);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Waits for the screen's own content (its h1), not the shell around it. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

// Each test logs in and works on its own screens and data, so the file's tests may share the workers.
test.describe.configure({ mode: 'parallel' });

/** Screens are opened inside the app, as a vet moves between them (a reload per screen costs seconds). */
async function auditScreens(page: Page, screens: [string, string][], findings: Finding[]): Promise<void> {
  for (const [screen, path] of screens) {
    await openInApp(page, path);
    await settled(page);
    await audit(page, screen, findings);
  }
}

// The audit runs axe-core in the page (support/axe.ts): it must still see what it is there to catch.
test('the audit reports a grey-on-white text and a button without a name, and nothing once they are gone', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await auditLines(page)).toEqual([]);
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.id = 'faint';
    faint.textContent = 'Barely readable';
    faint.style.cssText = 'color:#bbbbbb;background:#ffffff';
    const unnamed = document.createElement('button');
    unnamed.id = 'unnamed';
    document.querySelector('main')?.append(faint, unnamed);
  });
  const lines = await auditLines(page);
  expect(lines).toContainEqual(expect.stringMatching(/^color-contrast \(serious\) at #faint .*: 1\.9/));
  expect(lines).toContainEqual(expect.stringMatching(/^button-name \(critical\) at #unnamed/));
  expect(await auditLines(page, { exclude: ['#faint', '#unnamed'] })).toEqual([]);
});

test.describe('WCAG 2.1 AA at 1440 and 375 px (axe-core)', () => {
  test.use({ viewport: desktop });

  // Small groups, each its own test: a loaded machine takes seconds per audited screen, and the
  // file's tests spread over the workers.
  test('the public pages, home and the people lists have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await audit(page, 'login', findings);
    await atDesktop(page);
    await submitLogin(page, HEAD_VET.email);
    await expect(page).toHaveURL('/');
    await settled(page);
    await audit(page, 'home', findings);

    await auditScreens(
      page,
      [
        ['users', '/users?user_type=1'],
        ['vets', `/vets?kind=${PRODUCT_NAME}`],
        ['betas', '/betas'],
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });

  test('jobs, integrations, the checkups inbox, a family, a vet and 404 have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    const vet = (await (await page.request.get('/v1/auth/vet')).json()) as { uuid: string };
    await auditScreens(
      page,
      [
        ['jobs', '/jobs'],
        ['integrations', '/integrations'],
        ['checkups', '/checkups'],
        ['family', `/families/${family.family.uuid}/pets`],
        ['vet profile', `/vets/${vet.uuid}`],
      ],
      findings,
    );

    await page.goto('/no-such-page');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await audit(page, '404', findings);

    expect(findings).toEqual([]);
  });

  test('the B2B companies, a company’s daily statuses and a B2B pet have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    await auditScreens(
      page,
      [
        ['b2b companies', '/b2b'],
        ['b2b company', '/b2b/PAWSURE'],
        ['b2b pet', `/b2b/PAWSURE/${BISCUIT.uuid}`],
        // A B2B customer's pet: its side menu has a violet tint of its own (SPEC §2).
        ['b2b customer’s pet profile', `/pets/${BISCUIT.uuid}`],
      ],
      findings,
    );
    // The e-mail preview dialog. The e-mail itself is drawn in a sandboxed frame that runs no script,
    // where axe cannot run (it waits on it forever): the frame is left out, the dialog around it is audited.
    await atDesktop(page);
    await openInApp(page, '/b2b/PAWSURE');
    await settled(page);
    await page.getByTestId('daily-email-button').click();
    await expect(page.getByTestId('recipient').first()).toBeVisible();
    await audit(page, 'b2b daily e-mail preview', findings, ['iframe[title="E-mail preview"]']);
    expect(findings).toEqual([]);
  });

  test('the weekly reports and a report have no serious or critical violation', async ({ page }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    const reports = (await (
      await page.request.get(`/v1/weekly-reports?petUuid=${LUNA.uuid}&sort=week&order=desc`)
    ).json()) as { weeklyReports: { uuid: string }[] };
    const latest = reports.weeklyReports[0]?.uuid;
    expect(latest).toBeDefined();
    await auditScreens(
      page,
      [
        ['weekly reports', '/weekly-reports'],
        ['weekly report', `/weekly-reports/${latest}`],
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });

  test('the pet profile and its trackers have no serious or critical violation', async ({ page }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    await auditScreens(
      page,
      [
        ['pet profile', `/pets/${luna.uuid}`],
        ...TRACKERS.map((tracker): [string, string] => [tracker, `/pets/${luna.uuid}/${tracker}`]),
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });

  test('the pet’s checkups, a checkup, diets and the diet editor have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    await auditScreens(
      page,
      [
        ['pet checkups', `/pets/${luna.uuid}/checkups`],
        // Its problematic answers highlighted and the review form; then a reviewed one with its history.
        ['checkup awaiting review', `/checkups/${specId(family.key, LUNA_CHECKUPS.cardiacAwaiting)}`],
        ['checkup reviewed', `/checkups/${specId(family.key, LUNA_CHECKUPS.cardiacAmended)}`],
      ],
      findings,
    );

    await openInApp(page, `/pets/${luna.uuid}/diets`);
    await settled(page);
    await expect(page.getByTestId('diets-table').locator('tbody tr').first()).toBeVisible();
    await audit(page, 'diets', findings);
    await atDesktop(page);

    // The editor opens on a draft: a copy of the current diet.
    await page.getByTestId('diets-table').locator('tr[data-current] a').first().click();
    await expect(page.getByTestId('formulation-panel')).toBeVisible();
    // The published diet's page, with its weight goal panel (Luna's cardiac diet has none to follow).
    await expect(page.getByTestId('diet-progress-empty')).toBeVisible();
    await audit(page, 'diet page', findings);
    await atDesktop(page);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page
      .getByRole('dialog', { name: 'Copy this diet?' })
      .getByRole('button', { name: 'Copy to a new draft' })
      .click();
    await expect(page).toHaveURL(/\/diets\/[0-9a-f-]{36}\/edit$/);
    await settled(page);
    await audit(page, 'diet editor', findings);

    // The draft's publish dialog, with the warnings to acknowledge when the copy has any.
    await openInApp(page, new URL(page.url()).pathname.replace(/\/edit$/, ''));
    await settled(page);
    await atDesktop(page);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Publish this diet?' })).toBeVisible();
    await audit(page, 'publish dialog', findings);

    expect(findings).toEqual([]);
  });

  test('the symptoms journal (inbox, an entry with its photo enlarged, the pet’s timeline) has no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    await auditScreens(
      page,
      [
        ['journal inbox', '/journal'],
        ['journal entry', `/journal/${specId(family.key, LUNA_JOURNAL.coughWorst)}`],
        ['journal entry with its reply thread', `/journal/${specId(family.key, LUNA_JOURNAL.coughReplied)}`],
        ['pet journal', `/pets/${luna.uuid}/journal`],
      ],
      findings,
    );
    const listed = await page.request.get('/v1/journal-entries?category=itching&pageSize=100');
    const entries = (await listed.json()).journalEntries as Array<{ uuid: string; photoCount: number }>;
    const photographed = entries.find((entry) => entry.photoCount > 0);
    expect(photographed, 'a demo entry with a photo').toBeDefined();
    await atDesktop(page);
    await page.goto(`/journal/${photographed?.uuid}`);
    await settled(page);
    await page.getByTestId('journal-photo').first().click();
    await expect(page.getByTestId('journal-photo-enlarged')).toBeVisible();
    await audit(page, 'journal photo enlarged', findings);
    expect(findings).toEqual([]);
  });

  test('a journal entry showing its “Pending card” panel has no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    // Luna's severe entries raised her journal card (read only here): the first whose page shows it.
    const listed = await page.request.get(`/v1/journal-entries?petUuid=${LUNA.uuid}&pageSize=50`);
    const entries = (await listed.json()).journalEntries as Array<{ uuid: string }>;
    let withCard: string | undefined;
    for (const entry of entries) {
      const detail = await (await page.request.get(`/v1/journal-entries/${entry.uuid}`)).json();
      if (detail.journalEntry.pendingCards.length > 0) {
        withCard = entry.uuid;
        break;
      }
    }
    expect(withCard, 'an entry of Luna that raised a card').toBeDefined();
    await page.goto(`/journal/${withCard}`);
    await settled(page);
    await expect(page.getByTestId('item-pending-cards')).toBeVisible();
    await audit(page, 'journal entry with its pending card', findings, []);
    expect(findings).toEqual([]);
  });

  test('the medical records (inbox, upload, a record with its PDF, the pet’s records, labels) have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    const listed = await page.request.get(`/v1/medical-records?petUuid=${luna.uuid}`);
    const record = ((await listed.json()) as { medicalRecords: Array<{ uuid: string }> }).medicalRecords[0];
    expect(record, 'a demo record of the pet').toBeDefined();
    await auditScreens(
      page,
      [
        ['medical records inbox', '/medical-records'],
        ['medical record', `/medical-records/${record?.uuid}`],
        ['pet medical records', `/pets/${luna.uuid}/medical-records`],
        ['medical record labels', '/medical-records/labels'],
      ],
      findings,
    );
    await atDesktop(page);
    await openInApp(page, '/medical-records');
    await settled(page);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Upload medical records' })).toBeVisible();
    await audit(page, 'medical records upload', findings);
    expect(findings).toEqual([]);
  });

  test('the pet’s questions and answers (threads, an answer being written) have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    await auditScreens(page, [['pet questions', `/pets/${luna.uuid}/qa`]], findings);
    await atDesktop(page);
    await page
      .getByTestId('qa-thread')
      .first()
      .getByRole('textbox', { name: 'Your answer' })
      .fill('Count her sleeping breathing rate again tonight.');
    await audit(page, 'pet questions, answering', findings);
    await auditScreens(
      page,
      [['pet questions, answered only', `/pets/${luna.uuid}/qa?status=answered`]],
      findings,
    );
    expect(findings).toEqual([]);
  });

  test('the pet’s assessments and reports (lists, a signed version with its diff, a draft in the editor) have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    const amended = specId('accessibility', LUNA_DOCUMENTS.assessmentV2);
    await auditScreens(
      page,
      [
        ['pet assessments', `/pets/${luna.uuid}/clinical-assessments`],
        ['signed assessment, versions and diff', `/pets/${luna.uuid}/clinical-assessments/${amended}`],
        ['pet medical reports', `/pets/${luna.uuid}/medical-reports`],
      ],
      findings,
    );
    await atDesktop(page);
    await page.getByRole('button', { name: 'New report from template' }).click();
    await page.getByRole('menuitem', { name: 'Discharge summary' }).click();
    await expect(page.getByRole('textbox', { name: 'Report', exact: true })).toBeVisible();
    await audit(page, 'draft report in the editor', findings);
    expect(findings).toEqual([]);
  });

  test('the pending cards queue, a card and a pet’s cards have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    const listed = await page.request.get(`/v1/pending-cards?petUuid=${luna.uuid}&view=all`);
    const card = ((await listed.json()) as { pendingCards: Array<{ uuid: string }> }).pendingCards[0];
    expect(card).toBeDefined();
    await auditScreens(
      page,
      [
        ['pending cards', '/pending-cards'],
        ['pending card', `/pending-cards/${card?.uuid}`],
        ['pet pending cards', `/pets/${luna.uuid}/pending-cards`],
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });

  test('a pet’s timeline, all and filtered, has no serious or critical violation', async ({ page }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    await auditScreens(
      page,
      [
        ['pet timeline', `/pets/${LUNA.uuid}/timeline`],
        [
          'pet timeline, owner app journal entries',
          `/pets/${LUNA.uuid}/timeline?source=owner_app&kind=journal.received`,
        ],
        ['pet timeline, nothing matches', `/pets/${LUNA.uuid}/timeline?kind=daily_status.written`],
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });

  test('the reminders inbox, its new reminder dialog and a pet’s reminders have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    const created = await page.request.post('/v1/reminders', {
      data: {
        petUuid: luna.uuid,
        title: 'Accessibility follow-up',
        notes: 'Check the rate at rest.',
        dueAt: { seconds: Math.floor(Date.now() / 1000) + 86_400 },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await auditScreens(
      page,
      [
        ['reminders', '/reminders'],
        ['pet reminders', `/pets/${luna.uuid}/reminders`],
      ],
      findings,
    );
    await atDesktop(page);
    await page.getByRole('button', { name: 'New reminder' }).click();
    await expect(page.getByRole('dialog', { name: `Remind me about ${luna.name}` })).toBeVisible();
    await audit(page, 'new reminder dialog', findings);
    expect(findings).toEqual([]);
  });

  test('a pet’s medications, current and past, and the prescribe dialog have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    const prescribe = (drugCode: string, strengthId: string) =>
      page.request.post(`/v1/pets/${luna.uuid}/prescriptions`, {
        data: {
          drugCode,
          strengthId,
          doseMgPerKg: 0.25,
          frequency: 'once_daily',
          route: 'oral',
          startOn: { year: 2026, month: 1, day: 1 },
          // Whatever the copied pet's weight and allergies: only the screens are audited here.
          confirmedWarnings: [
            'dose_out_of_range',
            'weight_stale',
            'allergy',
            'nsaid_combination',
            'species_not_listed',
          ],
          confirmationReason: 'Accessibility check',
        },
      });
    const running = await prescribe('pimobendan', 'pimobendan-tab-5');
    expect(running.status(), await running.text()).toBe(201);
    const stopped = await prescribe('benazepril', 'benazepril-tab-5');
    expect(stopped.status(), await stopped.text()).toBe(201);
    const { prescription } = (await stopped.json()) as { prescription: { uuid: string } };
    const stop = await page.request.post(`/v1/prescriptions/${prescription.uuid}/stop`, {
      data: { reason: 'Accessibility check' },
    });
    expect(stop.status(), await stop.text()).toBe(200);
    await auditScreens(page, [['pet medications', `/pets/${luna.uuid}/medications`]], findings);
    await atDesktop(page);
    await page.getByRole('button', { name: 'Prescribe' }).click();
    await expect(page.getByRole('dialog', { name: `Prescribe for ${luna.name}` })).toBeVisible();
    await audit(page, 'prescribe dialog', findings);
    await page.keyboard.press('Escape');
    await atDesktop(page);
    await page
      .getByRole('table', { name: 'Current medications' })
      .getByRole('button', { name: 'Change dose' })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /^Change / })).toBeVisible();
    await audit(page, 'change dialog', findings);
    expect(findings).toEqual([]);
  });

  test('a pet’s preventive care, its record-dose and not-applicable dialogs have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);
    // One dose and one mark, so the done and not-applicable groups are drawn too.
    const dose = await page.request.post(`/v1/pets/${luna.uuid}/preventive-care/doses`, {
      data: {
        itemCode: 'dog.rabies',
        product: 'Accessibility check',
        givenOn: { year: 2026, month: 1, day: 5 },
      },
    });
    expect(dose.status(), await dose.text()).toBe(201);
    const mark = await page.request.post(`/v1/pets/${luna.uuid}/preventive-care/not-applicable`, {
      data: { itemCode: 'dog.kennel_cough', reason: 'Accessibility check' },
    });
    expect([200, 409]).toContain(mark.status());
    await auditScreens(page, [['pet preventive care', `/pets/${luna.uuid}/preventive-care`]], findings);
    await atDesktop(page);
    await page.getByRole('button', { name: 'Record dose', exact: true }).first().click();
    await expect(page.getByRole('dialog', { name: `Record a dose for ${luna.name}` })).toBeVisible();
    await audit(page, 'record dose dialog', findings);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('button', { name: /^Not applicable: / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /: not applicable$/ })).toBeVisible();
    await audit(page, 'not applicable dialog', findings);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The inbox across pets, filtered as the home page's count opens it.
    await auditScreens(
      page,
      [['preventive care inbox', '/preventive-care?status=overdue&species=dog']],
      findings,
    );
    expect(findings).toEqual([]);
  });

  test('the checkup pool screens (list, builder, pool, send to pets, fill) have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await logIn(page);

    // A pool of this spec's own, so the pages do not depend on what other specs build.
    const created = await page.request.post('/v1/forms', {
      data: {
        form: {
          title: `Accessibility pool ${Date.now()}`,
          questionGroups: [
            {
              title: 'Breathing',
              questions: [
                {
                  title: 'Does your pet cough at night?',
                  options: [{ title: 'Never' }, { title: 'Every night', problematic: true }],
                },
              ],
            },
          ],
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const pool = ((await created.json()) as { form: { uuid: string } }).form;

    await auditScreens(
      page,
      [
        ['checkup pools', '/checkups/pools'],
        ['new checkup pool', '/checkups/pools/new'],
        ['checkup pool', `/checkups/pools/${pool.uuid}`],
        ['checkup pool editor', `/checkups/pools/${pool.uuid}/edit`],
        ['fill a checkup', `/pets/${luna.uuid}/checkups/${pool.uuid}/new`],
      ],
      findings,
    );
    await atDesktop(page);
    await page.goto(`/checkups/pools/${pool.uuid}`);
    await settled(page);
    await page.getByRole('button', { name: 'Send to pets…' }).click();
    const picker = page.getByRole('dialog', { name: /^Send “Accessibility pool/ });
    await picker
      .getByRole('checkbox', { name: /^Select (?!every)/ })
      .first()
      .check();
    await audit(page, 'send to pets', findings);
    await atDesktop(page);
    await picker.getByRole('button', { name: 'Send to 1 pet' }).click();
    await expect(page.getByRole('dialog', { name: 'Send this checkup to 1 pet?' })).toBeVisible();
    await audit(page, 'send to pets, confirmation', findings);

    expect(findings).toEqual([]);
  });
});

test.describe('keyboard', () => {
  test('a focused text field shows a ring, not only a border tint', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.focus();
    await expect(email).toHaveCSS('outline-style', 'solid');
    await expect(email).toHaveCSS('outline-width', '2px');
  });

  test('the first Tab stop is a skip link that moves focus to the content', async ({ page }) => {
    await logIn(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('on a phone, the menu button says whether the menu is open, and Escape closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await logIn(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });
});
