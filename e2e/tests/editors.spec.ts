import { expect, type Locator, type Page } from '@playwright/test';
import { EDITOR_NAMES } from '../../apps/web/src/components/editors/editor-names.ts';
import { logIn } from '../support/auth.ts';
import {
  BISCUIT,
  LUNA,
  LUNA_CHECKUPS,
  LUNA_DOCUMENTS,
  LUNA_JOURNAL,
  PAWSURE,
  POOLS,
} from '../support/demo.ts';
import { specFamily } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { openInApp } from '../support/navigation.ts';
import { test } from '../support/test.ts';

/**
 * Every editor in the app (the `data-editor` marker the editor kit puts on its frame) asks before
 * leaving loses what was typed: on a link or back inside the app ("Leave without saving?", where
 * staying keeps the text and leaving goes), and on closing the tab (beforeunload). Nothing is saved:
 * the showcase records stay as they are.
 */

interface EditorCase {
  /** Opens the page (and the dialog) that holds the editor; returns once the editor is on screen. */
  reach: (page: Page) => Promise<void>;
  /** Makes the editor dirty; by default fills its first text box. */
  dirty?: (editor: Locator, page: Page) => Promise<void>;
  /** What must still be there after "Stay and keep editing": by default the box just filled. */
  autosaved?: true;
  /** A dialog editor's own discard: it closes without asking. */
  cancel?: string;
}

const TYPED = 'Typed by the editors check';

/** The first thing `pick` finds in the answers of `paths`, asked in turn. */
async function firstJson<T>(page: Page, paths: string[], pick: (body: never) => T | undefined): Promise<T> {
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.ok(), path).toBe(true);
    const found = pick((await response.json()) as never);
    if (found !== undefined) return found;
  }
  throw new Error(`nothing fits in ${paths.join(', ')}`);
}

/** The drafts the check opens are this spec's own: the demo has none on a showcase pet. */
const pet = specFamily('editors').pets.luna;

async function created<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

let publishDraftUuid: string | undefined;

const clickButton = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).first().click();

/** Where each editor is. Its keys must be the markers the app has, and the ones the walk finds. */
const EDITORS: Record<(typeof EDITOR_NAMES)[number], EditorCase> = {
  'b2b-company-contacts': {
    reach: async (page) => {
      await openInApp(page, `/b2b/${PAWSURE.sku}`);
      await clickButton(page, 'Edit contacts');
    },
    cancel: 'Cancel',
  },
  'b2b-status': { reach: (page) => openInApp(page, `/b2b/${PAWSURE.sku}`) },
  'b2b-urgent-report': { reach: (page) => openInApp(page, `/b2b/${PAWSURE.sku}/${BISCUIT.uuid}`) },
  'beta-create': { reach: (page) => openInApp(page, '/betas/create') },
  'checkup-review': { reach: (page) => openInApp(page, `/checkups/${LUNA_CHECKUPS.cardiacAwaiting}`) },
  'clinical-document-amend': {
    reach: async (page) => {
      await openInApp(page, `/pets/${LUNA.uuid}/clinical-assessments/${LUNA_DOCUMENTS.assessmentV2}`);
      await clickButton(page, 'Amend');
    },
    cancel: 'Cancel',
  },
  'clinical-document-draft': {
    reach: async (page) => {
      const { clinicalDocument } = await created<{ clinicalDocument: { uuid: string } }>(
        page,
        `/v1/pets/${pet.uuid}/clinical-documents`,
        { kind: 'assessment' },
      );
      await openInApp(page, `/pets/${pet.uuid}/clinical-assessments/${clinicalDocument.uuid}`);
    },
    // Sent as it is typed and when the page goes: leaving loses nothing, so it does not ask (only a
    // failed save would).
    autosaved: true,
  },
  'diet-editor': {
    reach: async (page) => {
      const { diet } = await created<{ diet: { uuid: string } }>(page, '/v1/diets', {
        petUuid: pet.uuid,
        kind: 'maintenance',
        nutrientProfileKind: 'fediaf_adult',
      });
      await openInApp(page, `/diets/${diet.uuid}/edit`);
    },
  },
  'diet-publish': {
    reach: async (page) => {
      // A draft without ingredients warns of it, so the dialog asks for a reason. One draft, reached
      // again after Cancel at the same address.
      publishDraftUuid ??= (
        await created<{ diet: { uuid: string } }>(page, '/v1/diets', {
          petUuid: pet.uuid,
          kind: 'maintenance',
          nutrientProfileKind: 'fediaf_adult',
        })
      ).diet.uuid;
      await openInApp(page, `/diets/${publishDraftUuid}`);
      await clickButton(page, 'Publish');
    },
    cancel: 'Cancel',
  },
  'diet-new': {
    reach: (page) => openInApp(page, `/pets/${LUNA.uuid}/diets/new`),
    dirty: async (_editor, page) => {
      await page.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Maintenance', exact: true }).click();
    },
  },
  'fill-checkup': {
    reach: (page) => openInApp(page, `/pets/${LUNA.uuid}/checkups/${POOLS.monthly.uuid}/new`),
    dirty: (editor) => editor.getByRole('radio').first().check(),
  },
  'journal-reply': { reach: (page) => openInApp(page, `/journal/${LUNA_JOURNAL.coughWorst}`) },
  'integration-create': {
    reach: async (page) => {
      await openInApp(page, '/integrations');
      await clickButton(page, 'New integration');
    },
    cancel: 'Cancel',
  },
  'label-create': { reach: (page) => openInApp(page, '/medical-records/labels') },
  'label-edit': {
    reach: async (page) => {
      await openInApp(page, '/medical-records/labels');
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Rename or recolour' }).click();
    },
  },
  'medical-record-details': {
    reach: async (page) => {
      const record = await firstJson(
        page,
        ['/v1/medical-records'],
        (body: { medicalRecords: { uuid: string }[] }) => body.medicalRecords[0],
      );
      await openInApp(page, `/medical-records/${record.uuid}`);
    },
  },
  'pending-card-note': {
    reach: async (page) => {
      const card = await firstJson(
        page,
        ['/v1/pending-cards'],
        (body: { pendingCards: { uuid: string }[] }) => body.pendingCards[0],
      );
      await openInApp(page, `/pending-cards/${card.uuid}`);
      await clickButton(page, 'Resolve');
    },
    cancel: 'Cancel',
  },
  'pending-cards-bulk-resolve': {
    reach: async (page) => {
      await openInApp(page, '/pending-cards');
      await page
        .getByRole('checkbox', { name: /^Select .*card$/ })
        .first()
        .check();
      await page.getByRole('button', { name: /^Resolve selected/ }).click();
    },
    cancel: 'Cancel',
  },
  'pet-edit': {
    reach: async (page) => {
      await openInApp(page, `/pets/${LUNA.uuid}`);
      await clickButton(page, 'Edit');
    },
  },
  'pet-question-answer': { reach: (page) => openInApp(page, `/pets/${LUNA.uuid}/qa`) },
  'pool-builder': { reach: (page) => openInApp(page, '/checkups/pools/new') },
  'pool-send-pets': {
    reach: async (page) => {
      await openInApp(page, `/checkups/pools/${POOLS.monthly.uuid}`);
      await clickButton(page, 'Send to pets…');
    },
    // Typing a search only filters; the choice of pets is what leaving would lose.
    dirty: (editor) =>
      editor
        .getByRole('checkbox', { name: /^Select (?!every)/ })
        .first()
        .check(),
  },
  'prescription-form': {
    reach: async (page) => {
      await openInApp(page, `/pets/${LUNA.uuid}/medications`);
      await clickButton(page, 'Prescribe');
    },
    cancel: 'Cancel',
  },
  'pet-alert': {
    reach: async (page) => {
      await openInApp(page, `/pets/${pet.uuid}`);
      await clickButton(page, 'Add alert');
    },
    dirty: async (editor) => {
      await editor.getByRole('radio', { name: 'Other' }).check();
      await editor.getByRole('textbox', { name: 'In your words' }).fill(TYPED);
    },
    cancel: 'Cancel',
  },
  'preventive-dose': {
    reach: async (page) => {
      await openInApp(page, `/pets/${LUNA.uuid}/preventive-care`);
      await clickButton(page, 'Record dose');
    },
    dirty: (editor) => editor.getByLabel('Product').fill(TYPED),
    cancel: 'Cancel',
  },
  'preventive-not-applicable': {
    reach: async (page) => {
      await openInApp(page, `/pets/${LUNA.uuid}/preventive-care`);
      await page
        .getByRole('button', { name: /^Not applicable: / })
        .first()
        .click();
    },
    cancel: 'Cancel',
  },
  'prescription-change': {
    reach: async (page) => {
      await created(page, `/v1/pets/${pet.uuid}/prescriptions`, {
        drugCode: 'benazepril',
        strengthId: 'benazepril-tab-5',
        doseMgPerKg: 0.25,
        frequency: 'once_daily',
        route: 'oral',
        startOn: { year: 2026, month: 1, day: 1 },
        // Whatever the copied pet's weight and allergies, only reaching the dialog matters here.
        confirmedWarnings: [
          'dose_out_of_range',
          'weight_stale',
          'allergy',
          'nsaid_combination',
          'species_not_listed',
        ],
        confirmationReason: 'Editors check',
      });
      await openInApp(page, `/pets/${pet.uuid}/medications`);
      await page
        .getByRole('table', { name: 'Current medications' })
        .getByRole('button', { name: 'Change dose' })
        .first()
        .click();
    },
    cancel: 'Cancel',
  },
  'prescription-stop': {
    reach: async (page) => {
      await created(page, `/v1/pets/${pet.uuid}/prescriptions`, {
        drugCode: 'benazepril',
        strengthId: 'benazepril-tab-5',
        doseMgPerKg: 0.25,
        frequency: 'once_daily',
        route: 'oral',
        startOn: { year: 2026, month: 1, day: 1 },
        // Whatever the copied pet's weight and allergies, only reaching the dialog matters here.
        confirmedWarnings: [
          'dose_out_of_range',
          'weight_stale',
          'allergy',
          'nsaid_combination',
          'species_not_listed',
        ],
        confirmationReason: 'Editors check',
      });
      await openInApp(page, `/pets/${pet.uuid}/medications`);
      await page
        .getByRole('table', { name: 'Current medications' })
        .getByRole('button', { name: 'Stop' })
        .first()
        .click();
    },
    cancel: 'Cancel',
  },
  'reminder-form': {
    reach: async (page) => {
      await openInApp(page, '/reminders');
      await clickButton(page, 'New reminder');
    },
    cancel: 'Cancel',
  },
  thresholds: {
    reach: (page) => openInApp(page, `/pets/${LUNA.uuid}/rpm`),
    dirty: (editor) => editor.getByRole('textbox').first().fill('33'),
  },
  'vet-create': { reach: (page) => openInApp(page, '/vets/create') },
  'vet-profile': {
    reach: async (page) => {
      const vet = await firstJson(
        page,
        ['/v1/vets?kind=regular'],
        (body: { vets: { uuid: string }[] }) => body.vets[0],
      );
      await openInApp(page, `/vets/${vet.uuid}`);
    },
  },
  'weekly-report-comment': {
    reach: async (page) => {
      const report = await firstJson(
        page,
        ['/v1/weekly-reports'],
        (body: { weeklyReports: { uuid: string }[] }) => body.weeklyReports[0],
      );
      await openInApp(page, `/weekly-reports/${report.uuid}`);
    },
  },
  'weight-entry': {
    reach: async (page) => {
      await openInApp(page, `/pets/${LUNA.uuid}/weight-history`);
      await clickButton(page, 'Add weight');
    },
    dirty: (editor) => editor.getByRole('textbox', { name: 'Weight' }).fill('7.5'),
  },
};

const markersOn = (page: Page) =>
  page
    .locator('[data-editor]')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset.editor ?? ''));

/**
 * The first box a person would type in: a text area (a form's pickers search as they are typed in,
 * which changes nothing), else a text field that is not read-only.
 */
const firstBox = async (editor: Locator) => {
  await expect(editor.locator('input, textarea, [role="radio"]').first()).toBeVisible();
  const area = editor.locator('textarea:not([aria-hidden="true"]):not([disabled])').first();
  if ((await area.count()) > 0) return area;
  return editor.locator('input:is([type="text"], :not([type])):not([readonly]):not([disabled])').first();
};

/** Whether closing the tab now would ask (the browser's own prompt: the page cancels `beforeunload`). */
const unloadAsks = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test.describe('editors', () => {
  // The app marks exactly the editors this check knows: every known name has its case below, each
  // case finds its marker where it says, and no page a case reaches holds a marker the check does not
  // know. Checked in each case's own test: one test walking all 25 editors again took a minute of a
  // worker (62 s at load ~18), for pages the cases load anyway.
  test('every editor the app knows has a case here', () => {
    expect(Object.keys(EDITORS).sort()).toEqual([...EDITOR_NAMES].sort());
  });

  for (const [name, editor] of Object.entries(EDITORS) as [string, EditorCase][]) {
    test(`${name}: leaving with unsaved changes asks first; staying keeps them, leaving goes`, async ({
      page,
    }) => {
      await logIn(page);
      await editor.reach(page);
      const url = page.url();
      const frame = page.locator(`[data-editor="${name}"]`).first();
      await expect(frame, `${name} is where its case says`).toBeAttached();
      const known: ReadonlySet<string> = new Set(EDITOR_NAMES);
      expect(
        (await markersOn(page)).filter((marker) => !known.has(marker)),
        'unknown editors',
      ).toEqual([]);
      const box = await firstBox(frame);

      expect(await unloadAsks(page), 'an untouched editor lets the tab close').toBe(false);
      if (editor.cancel) {
        await box.fill(TYPED);
        await frame.getByRole('button', { name: editor.cancel, exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
        await expect(frame).toHaveCount(0);
        // Back home first, so that the page is reached again in one step and "Leave" lands there.
        await page.evaluate(() => window.history.back());
        await expect(page).toHaveURL((now) => now.pathname === '/');
        await editor.reach(page);
      }
      if (editor.dirty) await editor.dirty(frame, page);
      else await box.fill(TYPED);

      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      if (editor.autosaved) {
        expect(await unloadAsks(page)).toBe(false);
        await page.evaluate(() => window.history.back());
        await expect(page).toHaveURL((now) => now.pathname === '/');
        await expect(leave).toHaveCount(0);
        return;
      }

      expect(await unloadAsks(page), 'closing the tab asks').toBe(true);
      await page.evaluate(() => window.history.back());
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      await expect(leave).toHaveCount(0);
      expect(page.url()).toBe(url);
      if (!editor.dirty) await expect(box).toHaveValue(TYPED);

      await page.evaluate(() => window.history.back());
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: 'Leave' }).click();
      await expect(page).toHaveURL((now) => now.pathname === '/');
    });
  }
});

for (const viewport of screenViewports) {
  test.describe(`editor screens at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the leave dialog over a page editor and over a dialog editor, and an inbox with the list kit @screens', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await logIn(page);
      await EDITORS['weekly-report-comment'].reach(page);
      await (await firstBox(page.locator('[data-editor="weekly-report-comment"]'))).fill(TYPED);
      await page.evaluate(() => window.history.back());
      await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
      await shoot(page, 'editor-leave-page', viewport.name);
      await page.getByRole('button', { name: 'Leave' }).click();

      await EDITORS['reminder-form'].reach(page);
      await (await firstBox(page.locator('[data-editor="reminder-form"]'))).fill(TYPED);
      await page.evaluate(() => window.history.back());
      await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
      await shoot(page, 'editor-leave-dialog', viewport.name);
      await page.getByRole('button', { name: 'Leave' }).click();

      await openInApp(page, '/checkups');
      await expect(page.getByLabel('Sent between')).toBeVisible();
      await shoot(page, 'checkups-inbox', viewport.name);
    });
  });
}
