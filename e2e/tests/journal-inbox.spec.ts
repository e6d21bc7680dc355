import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { logIn } from '../support/auth.ts';
import { HEAD_VET, LUNA, LUNA_JOURNAL, OWNER_APP_TOKEN } from '../support/demo.ts';
import { specFamily, specId } from '../support/fixtures.ts';
import { screenViewports, shoot } from '../support/lists.ts';
import { answerAfterLiveReread } from '../support/live.ts';
import { test } from '../support/test.ts';

/** This spec's own copy of Luna ("Bramblewick") and her coughing entries, so working them changes no one else's. */
const family = specFamily('journal');
const pet = family.pets.luna;
const worstCough = specId(family.key, LUNA_JOURNAL.coughWorst);

/** A small real PNG (a red square), as a phone would send. */
function png(): Buffer {
  const size = 24;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) raw.set([200, 40 + x * 4, 40 + y * 4], y * (size * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Journal entries' }).locator('tbody tr');
}

test.describe('the symptoms journal inbox', () => {
  test('the worst entry comes first; the vet opens it, sees the photo and the pet’s context, replies and resolves it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // The owner app sends an itchy-skin entry with a photo; it is moderate, so the severe cough stays on top.
    const itch = randomUUID();
    const posted = await request.post('/v1/journal-entries', {
      headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
      multipart: {
        entry: JSON.stringify({
          uuid: itch,
          petUuid: pet.uuid,
          category: 'itching',
          severity: 2,
          notes: 'Red patch behind the left ear, scratching all evening.',
          occurredAt: { seconds: Math.floor(Date.now() / 1000) - 3600 },
        }),
        photos: { name: 'ear.png', mimeType: 'image/png', buffer: png() },
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    await logIn(page, HEAD_VET.email, `/journal?search=${pet.name}`);
    // The first page of a worker's first test may wait for the server's cold start on a loaded machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Health Symptoms Journal' })).toBeVisible({
      timeout: 30_000,
    });
    // New first, severe first, then the longest waiting: the severe cough of yesterday, then the older
    // moderate cough, then today's itch; the seen and resolved ones after.
    await expect(rows(page)).toHaveCount(6);
    await expect(rows(page).nth(0)).toContainText('Coughing');
    await expect(rows(page).nth(0)).toContainText('Severe');
    await expect(rows(page).nth(1)).toContainText('Coughing');
    await expect(rows(page).nth(2)).toContainText('Itching');
    await expect(rows(page).nth(2)).toContainText('Moderate');
    await expect(rows(page).nth(5)).toContainText('Resolved');
    await expect(page.getByTestId('status-filter')).toContainText('New (3)');

    // Filters live in the URL.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Itching' }).click();
    await expect(page).toHaveURL(/category=itching/);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Coughing' }).click();
    await expect(rows(page)).toHaveCount(5);

    // Oldest first: the longest wait is past SPEC §9's "+24h", so the day it started is written under it.
    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: 'Oldest first' }).click();
    // Ascending is the list's default order, so the URL names only the sort.
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('sort') === 'occurredAt' && !url.searchParams.has('order'),
    );
    // The handled entries come first and show no wait; the first that still waits is the oldest new one.
    await expect(rows(page).first()).toContainText('Resolved');
    await expect(rows(page).first().getByTestId('inbox-age')).toHaveCount(0);
    const longestWait = rows(page)
      .filter({ has: page.getByTestId('inbox-age') })
      .first();
    await expect(longestWait.getByTestId('inbox-age')).toHaveText('+24h');
    await expect(longestWait.getByTestId('inbox-age-start')).toHaveText(/^since \d{2}\/\d{2}\/\d{4}$/);
    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: 'New and severe first' }).click();
    await expect(rows(page).first()).toContainText('Severe');

    // Open the worst entry.
    await rows(page).first().getByRole('link', { name: pet.name }).click();
    await expect(page).toHaveURL(`/journal/${worstCough}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Coughing' })).toBeVisible();
    await expect(page.getByTestId('journal-notes')).toContainText('breathing 40 while asleep');
    await expect(page.getByTestId('latest-trackers-card')).toBeVisible();
    await expect(page.getByTestId('recent-entry')).not.toHaveCount(0);

    // Reply: stored, shown, the entry becomes seen.
    await page
      .getByRole('textbox', { name: 'Reply to the owner' })
      .fill(
        'Please give the evening dose now and count her breathing again in an hour. Call us if above 35.',
      );
    // The reply read back by its live update may come before the reply's own answer: the confirmation
    // must not depend on which comes first.
    const entryPath = `/v1/journal-entries/${worstCough}`;
    const release = await answerAfterLiveReread(page, {
      changePath: `${entryPath}/reply`,
      readPath: entryPath,
      reread: (body) => (body as { journalEntry: { replies: unknown[] } }).journalEntry.replies.length === 1,
    });
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply sent to the owner by e-mail.')).toBeVisible();
    await release();
    await expect(page.getByTestId('vet-reply')).toContainText('give the evening dose now');
    await expect(page.locator('[data-status="seen"]').first()).toBeVisible();

    // A second reply follows the first, which stays as it was sent: a thread, oldest first.
    await page.getByRole('button', { name: 'Reply again' }).click();
    const draft = page.getByRole('textbox', { name: 'New reply' });
    await draft.fill('Her breathing is 30 now: keep counting tonight.');
    // A colleague replies meanwhile (here the same vet in another tab): theirs joins the thread as it is
    // read back, and the reply being written stays as typed.
    const colleague = await page.request.post(`${entryPath}/reply`, {
      data: { reply: 'Night shift: the owner called, she is calmer now.' },
    });
    expect(colleague.status()).toBe(200);
    const replies = page.getByTestId('vet-reply-item');
    await expect(replies).toHaveCount(2);
    await expect(replies.nth(1)).toContainText('she is calmer now');
    await expect(draft).toHaveValue('Her breathing is 30 now: keep counting tonight.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(replies).toHaveCount(3);
    await expect(replies.nth(0)).toContainText('give the evening dose now');
    await expect(replies.nth(2)).toContainText('keep counting tonight');

    // Resolve: read-only afterwards.
    await page.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.locator('[data-status="resolved"]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /reply/i })).toHaveCount(0);

    // The itch entry's photo enlarges.
    await page.goto(`/journal/${itch}`);
    await page.getByRole('button', { name: /^Enlarge photo 1 of 1/ }).click();
    const enlarged = page.getByTestId('journal-photo-enlarged');
    await expect(enlarged).toBeVisible();
    await expect.poll(() => enlarged.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(24);
    await page.keyboard.press('Escape');

    // Back in the inbox, the rest of the new ones are marked seen at once.
    await page.goto(`/journal?search=${pet.name}`);
    await expect(page.getByTestId('status-filter')).toContainText('New (2)');
    await page.getByRole('checkbox', { name: 'Select all new on this page' }).check();
    await page.getByRole('button', { name: 'Mark seen (2)' }).click();
    await expect(page.getByTestId('status-filter')).toContainText('New (0)');

    // Every new entry the filters match, beyond the page: confirmed with the count first.
    const more = await request.post('/v1/journal-entries', {
      headers: { authorization: `Bearer ${OWNER_APP_TOKEN}` },
      multipart: {
        entry: JSON.stringify({
          uuid: randomUUID(),
          petUuid: pet.uuid,
          category: 'appetite',
          severity: 1,
          notes: 'Left half of her dinner.',
          occurredAt: { seconds: Math.floor(Date.now() / 1000) - 600 },
        }),
      },
    });
    expect(more.status(), await more.text()).toBe(201);
    await page.goto(`/journal?search=${pet.name}`);
    await expect(page.getByTestId('status-filter')).toContainText('New (1)');
    await page.getByRole('button', { name: 'Mark the 1 new entry seen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark 1 entry seen?' });
    await expect(confirm).toContainText('on every page');
    await confirm.getByRole('button', { name: 'Mark seen' }).click();
    await expect(page.getByTestId('status-filter')).toContainText('New (0)');
    await expect(page.getByTestId('act-on-all-matching')).toHaveCount(0);

    // The pet's wellbeing timeline, filtered to coughing.
    await page.goto(`/pets/${pet.uuid}/journal?category=coughing`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wellbeing' })).toBeVisible();
    await expect(page.getByTestId('timeline-entry')).toHaveCount(5);
    await expect(page.locator('[data-testid="timeline-entry"][data-category="itching"]')).toHaveCount(0);
  });
});

for (const viewport of screenViewports) {
  test.describe(`journal screenshots at ${viewport.width} px @screens`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`journal screens @screens`, async ({ page }) => {
      test.setTimeout(120_000);
      await logIn(page, HEAD_VET.email, '/journal');
      await expect(rows(page).first()).toBeVisible();
      await shoot(page, 'journal-inbox', viewport.name);
      await page.goto(`/journal/${LUNA_JOURNAL.coughWorst}`);
      await expect(page.getByTestId('latest-trackers-card')).toBeVisible();
      await shoot(page, 'journal-entry', viewport.name);
      await page.goto(`/journal/${LUNA_JOURNAL.coughReplied}`);
      await expect(page.getByTestId('vet-reply')).toBeVisible();
      await shoot(page, 'journal-entry-replied', viewport.name);
      const withPhoto = await page.request.get('/v1/journal-entries?category=itching&pageSize=100');
      const entries = (await withPhoto.json()).journalEntries as Array<{ uuid: string; photoCount: number }>;
      const photographed = entries.find((entry) => entry.photoCount > 0);
      if (photographed) {
        await page.goto(`/journal/${photographed.uuid}`);
        await page.getByTestId('journal-photo').first().click();
        await expect(page.getByTestId('journal-photo-enlarged')).toBeVisible();
        await shoot(page, 'journal-photo-enlarged', viewport.name);
      }
      await page.goto(`/pets/${LUNA.uuid}/journal`);
      await expect(page.getByTestId('pet-journal')).toBeVisible();
      await shoot(page, 'pet-journal', viewport.name);
    });
  });
}
