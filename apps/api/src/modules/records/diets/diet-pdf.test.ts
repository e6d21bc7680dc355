import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brandMark } from '@vetboard/contract';
import { like } from 'drizzle-orm';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngredient } from '../../../../test/diet-fixtures.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import {
  createTestVet,
  loginAs,
  TEST_PUBLIC_URL,
  type TestApp,
  useTestApp,
} from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import type { PetRow } from '../../core/pets/pets.table.ts';
import { getOrCreateSecret } from '../../platform/app-secrets/app-secrets.service.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { files } from '../../platform/files/files.table.ts';
import { signDietLink } from './diet-pdf-link.ts';
import type { IngredientRow } from './diets.table.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-diet-pdf-'));
const context = useTestApp({ DATA_DIR: dataDir });
let app: TestApp;
let cookies: Record<string, string>;
let salmon: IngredientRow;
let oats: IngredientRow;
let pet: PetRow;
let dietId: string;

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
  salmon = await createIngredient(app.database.db, {
    name: 'Atlantic salmon fillet',
    category: 'fish',
    kcalPer100g: 208,
  });
  oats = await createIngredient(app.database.db, {
    name: 'Rolled oats',
    category: 'grain',
    kcalPer100g: 379,
  });
  const { family } = await createFamily(app.database.db, { owner: { firstName: 'Tom', lastName: 'Becker' } });
  pet = await createPet(app.database.db, { familyId: family.id, name: 'Biscuit' }, { weightKg: 14.2 });

  const created = await call('POST', '/v1/diets', {
    petUuid: pet.id,
    kind: 'gastrointestinal',
    nutrientProfileKind: 'fediaf_adult',
  });
  dietId = created.json().diet.uuid;
  const patched = await call('PATCH', `/v1/diets/${dietId}`, {
    formulatedOn: { year: 2026, month: 11, day: 3 },
    nextAssessmentOn: { year: 2027, month: 1, day: 15 },
    feedingInstructions: 'Serve {{PET_NAME}} two small meals.',
    ingredients: [
      { ingredientId: salmon.id, amount: 150, unit: 'g' },
      { ingredientId: oats.id, amount: 2, unit: 'oz' },
    ],
  });
  expect(patched.statusCode).toBe(200);
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, withSession = true) {
  return app.inject({
    method,
    url,
    payload: payload as object | undefined,
    cookies: withSession ? cookies : {},
  });
}

/** The fill colours the first page paints with, as pdf.js reports them (`#rrggbb`). */
const hex = (rgb: unknown) =>
  `#${Array.from((rgb ?? []) as ArrayLike<number>)
    .slice(0, 3)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;

async function fillColours(bytes: Buffer): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const operators = await (await document.getPage(1)).getOperatorList();
  const colours = operators.fnArray.flatMap((fn, index) =>
    fn === OPS.setFillRGBColor || fn === OPS.setStrokeRGBColor ? [hex(operators.argsArray[index])] : [],
  );
  await document.destroy();
  return colours;
}

/** The diet's PDFs in the files store: the cache is asserted on the table, not on timings. */
function cachedPdfs(id = dietId) {
  return app.database.db
    .select({ id: files.id, petId: files.petId, sha256: files.sha256, createdAt: files.createdAt })
    .from(files)
    .where(like(files.cacheKey, `diet-pdf:${id}:%`));
}

function contentUrl(query = '') {
  return `/v1/diets/${dietId}/pdf/content${query}`;
}

describe('the diet PDF', () => {
  it('is generated and stored, and the diet then says its PDF is up to date', async () => {
    const response = await call('POST', `/v1/diets/${dietId}/pdf`);
    expect(response.statusCode).toBe(200);
    const { diet } = response.json();
    expect(diet.pdf).toEqual({ generatedAt: { seconds: expect.any(Number) }, upToDate: true });
    expect(await cachedPdfs()).toEqual([expect.objectContaining({ petId: pet.id })]);
    // Nothing on disk: DATA_DIR keeps only PGlite's files.
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(
      await listAuditRows(app.database.db, { action: 'diets.generate_pdf', entityId: dietId }),
    ).toHaveLength(1);
  });

  it("carries the app's logo: the teal heart mark, not a letter on blue", async () => {
    const response = await call('GET', contentUrl());
    expect(response.statusCode).toBe(200);
    const colours = await fillColours(response.rawPayload);
    expect(colours).toContain(brandMark.color);
    expect(colours).not.toContain('#1c7ed6');
    expect(await pdfText(response.rawPayload)).not.toMatch(/^\s*V\s+Vetboard/);
  });

  it("is a real PDF with the pet's name in place of the placeholder and the ingredients", async () => {
    const response = await call('GET', contentUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="biscuit-diet-2026-11-03.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const [stored] = await cachedPdfs();
    expect(response.headers.etag).toBe(`"${stored?.sha256}"`);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(bytes);
    expect(text).toContain('Serve Biscuit two small meals.');
    expect(text).not.toContain('{{PET_NAME}}');
    for (const expected of [
      'Atlantic salmon fillet',
      'Rolled oats',
      'Tom Becker',
      'Helena Marsh',
      '03/11/2026',
      '15/01/2027',
    ]) {
      expect(text).toContain(expected);
    }
    // 2 oz as the owner measures it, 56.7 g per day, 28.35 g per meal.
    expect(text).toContain('2 oz');
    expect(text).toContain('56.7 g');
    expect(text).toContain('28.35 g');
  });

  it('is rebuilt when the diet changes', async () => {
    await call('PATCH', `/v1/diets/${dietId}`, {
      feedingInstructions: 'Serve {{pet_name}} three small meals.',
    });
    expect((await call('GET', `/v1/diets/${dietId}`)).json().diet.pdf.upToDate).toBe(false);

    const text = await pdfText((await call('GET', contentUrl())).rawPayload);
    expect(text).toContain('Serve Biscuit three small meals.');
    expect((await call('GET', `/v1/diets/${dietId}`)).json().diet.pdf.upToDate).toBe(true);
    // The outdated file is gone; only the current one stays.
    expect(await cachedPdfs()).toHaveLength(1);
  });

  it('is served from the files store on the next reads, not rendered again', async () => {
    await call('GET', contentUrl());
    const before = await cachedPdfs();
    const renders = await listAuditRows(app.database.db, { action: 'diets.generate_pdf', entityId: dietId });
    const second = await call('GET', contentUrl());
    const third = await call('GET', contentUrl());
    expect(second.statusCode).toBe(200);
    expect(third.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(await cachedPdfs()).toEqual(before);
    expect(
      await listAuditRows(app.database.db, { action: 'diets.generate_pdf', entityId: dietId }),
    ).toHaveLength(renders.length);
  });

  it('answers 304 to a client that has the current one, and the full PDF once it changed', async () => {
    const first = await call('GET', contentUrl());
    const etag = String(first.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: contentUrl(),
      cookies,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);

    await call('PATCH', `/v1/diets/${dietId}`, { mealsPerDay: 3 });
    // The change dropped the cached PDF in its own transaction.
    expect(await cachedPdfs()).toEqual([]);
    const changed = await app.inject({
      method: 'GET',
      url: contentUrl(),
      cookies,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is rebuilt when its cached file went missing', async () => {
    await app.database.db.delete(files).where(like(files.cacheKey, `diet-pdf:${dietId}:%`));
    const response = await call('GET', contentUrl());
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await cachedPdfs()).toHaveLength(1);
  });

  it("is 404 for a company vet outside the pet's scope, through the diet and through the files route", async () => {
    await call('GET', contentUrl());
    const [stored] = await cachedPdfs();
    const company = await createCompany(app.database.db);
    const outsider = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
    const outsiderCookies = await loginAs(app, outsider.email);
    for (const url of [contentUrl(), `/v1/files/${stored?.id}`]) {
      const response = await app.inject({ method: 'GET', url, cookies: outsiderCookies });
      expect(response.statusCode, url).toBe(404);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    }
    const own = await app.inject({ method: 'GET', url: `/v1/files/${stored?.id}`, cookies });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
  });

  it('goes with its diet when a draft is deleted', async () => {
    const draft = (
      await call('POST', '/v1/diets', {
        petUuid: pet.id,
        kind: 'maintenance',
        nutrientProfileKind: 'fediaf_adult',
      })
    ).json().diet.uuid;
    await call('GET', `/v1/diets/${draft}/pdf/content`);
    expect(await cachedPdfs(draft)).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: `/v1/diets/${draft}`, cookies })).statusCode).toBe(200);
    expect(await cachedPdfs(draft)).toEqual([]);
  });

  it('answers 404 for an unknown diet', async () => {
    expect((await call('POST', `/v1/diets/${newId()}/pdf`)).statusCode).toBe(404);
    expect((await call('GET', `/v1/diets/${newId()}/pdf/content`)).statusCode).toBe(404);
  });
});

describe('the signed PDF link', () => {
  let link: URL;

  beforeAll(async () => {
    const response = await call('GET', `/v1/diets/${dietId}/pdf/url`);
    expect(response.statusCode).toBe(200);
    const { pdfUrl, expiresAt } = response.json();
    link = new URL(pdfUrl);
    const inSevenDays = Date.now() / 1000 + 7 * 24 * 3600;
    expect(Math.abs(expiresAt.seconds - inSevenDays)).toBeLessThan(60);
    expect(link.searchParams.get('expires')).toBe(String(expiresAt.seconds));
  });

  it('points to the public page and its handing out is audited', async () => {
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_PUBLIC_URL}/diets/${dietId}/pdf`);
    expect(link.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await listAuditRows(app.database.db, { action: 'diets.share_pdf_link', entityId: dietId }),
    ).toHaveLength(1);
  });

  it('opens the PDF without a session', async () => {
    const response = await call('GET', contentUrl(link.search), undefined, false);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('is refused when altered, with a clear message', async () => {
    const signature = link.searchParams.get('signature') ?? '';
    const expires = Number(link.searchParams.get('expires'));
    const tampered = [
      `?expires=${expires}&signature=${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `?expires=${expires + 86_400}&signature=${signature}`,
      `?expires=${expires}`,
      `?signature=${signature}`,
    ];
    for (const query of tampered) {
      const response = await call('GET', contentUrl(query), undefined, false);
      expect(response.statusCode, query).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'diets.link_invalid',
        error: expect.stringMatching(/not valid/),
      });
    }
    const otherDiet = await call('GET', `/v1/diets/${newId()}/pdf/content${link.search}`, undefined, false);
    expect(otherDiet.statusCode).toBe(403);
  });

  it('is refused once expired, with a clear message', async () => {
    const secret = await getOrCreateSecret(app.database.db, 'diet_pdf_links');
    const expires = Math.floor(Date.now() / 1000) - 60;
    const response = await call(
      'GET',
      contentUrl(`?expires=${expires}&signature=${signDietLink(secret, dietId, expires)}`),
      undefined,
      false,
    );
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      code: 'diets.link_expired',
      error: expect.stringMatching(/expired/),
    });
  });

  it('is needed without a session: no signature answers 401', async () => {
    const response = await call('GET', contentUrl(), undefined, false);
    expect(response.statusCode).toBe(401);
    expect((await call('GET', `/v1/diets/${dietId}/pdf/url`, undefined, false)).statusCode).toBe(401);
    expect((await call('POST', `/v1/diets/${dietId}/pdf`, undefined, false)).statusCode).toBe(401);
  });

  it('keeps working with the same server secret (generated once, kept in the database)', async () => {
    const first = await getOrCreateSecret(app.database.db, 'diet_pdf_links');
    const second = await getOrCreateSecret(app.database.db, 'diet_pdf_links');
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
  });
});
