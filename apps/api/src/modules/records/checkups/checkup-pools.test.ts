import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { checkups } from './checkups.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let partnerCookies: Record<string, string>;
let regularCookies: Record<string, string>;
let petId: string;
let otherPetId: string;
let companyPetId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { kind: 'head' });
  cookies = await loginAs(app, vet.email);
  const company = await createCompany(db);
  const companyVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVetCookies = await loginAs(app, companyVet.email);
  const partner = await createTestVet(app, { kind: 'partner', companySku: company.sku });
  partnerCookies = await loginAs(app, partner.email);
  regularCookies = await loginAs(app, (await createTestVet(app, { kind: 'regular' })).email);
  const { family } = await createFamily(db);
  petId = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  otherPetId = (await createPet(db, { familyId: family.id, name: 'Milo' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  companyPetId = (await createPet(db, { familyId: b2b.family.id, name: 'Kiko' })).id;
});

let skuCounter = 0;
function cardiacPool(overrides: Record<string, unknown> = {}) {
  skuCounter += 1;
  return {
    title: 'Cardiac follow-up',
    sku: `cardiac_follow_up_${skuCounter}`,
    isPool: true,
    questionGroups: [
      {
        title: 'Breathing',
        questions: [
          {
            title: 'Does your pet cough at night?',
            options: [
              { title: 'Never', problematic: false },
              { title: 'Yes, Sometimes!', problematic: true },
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookies) {
  return app.inject({ method, url, cookies: as, ...(payload ? { payload } : {}) });
}

describe('a head vet builds a checkup pool', () => {
  it('saves the pool with each option’s sku snake-cased from its title (SPEC §5)', async () => {
    const response = await call('POST', '/v1/forms', { form: cardiacPool() });
    expect(response.statusCode).toBe(201);
    const { form } = response.json();
    expect(form).toMatchObject({ title: 'Cardiac follow-up', isPool: true, version: 1, questionCount: 1 });
    expect(form.questionGroups[0].questions[0].options.map((o: { sku: string }) => o.sku)).toEqual([
      'never',
      'yes_sometimes',
    ]);
  });

  it('refuses an empty title and a question with one option, naming the fields', async () => {
    const pool = cardiacPool({
      title: '',
      questionGroups: [{ title: 'G', questions: [{ title: 'Q?', options: [{ title: 'Only' }] }] }],
    });
    const response = await call('POST', '/v1/forms', { form: pool });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { path: string }) => d.path)).toEqual([
      'form.title',
      'form.questionGroups.0.questions.0.options',
    ]);
  });

  it('refuses two options of one question with the same sku, naming both', async () => {
    const pool = cardiacPool({
      questionGroups: [
        {
          title: 'G',
          questions: [{ title: 'Q?', options: [{ title: 'Yes, sometimes' }, { title: 'yes sometimes!' }] }],
        },
      ],
    });
    const response = await call('POST', '/v1/forms', { form: pool });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        path: 'form.questionGroups.0.questions.0.options.1.title',
        message: '"yes sometimes!" and "Yes, sometimes" have the same sku "yes_sometimes"',
      },
    ]);
  });

  it('refuses a form sku another form has', async () => {
    const first = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const response = await call('POST', '/v1/forms', { form: { ...cardiacPool(), sku: first.sku } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('forms.sku_taken');
  });
});

describe('versions: editing a pool never changes a checkup already sent', () => {
  it('keeps the sent checkup on version 1 while the pool moves to version 2', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const sent = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId });
    expect(sent.statusCode).toBe(201);
    const [checkupId] = sent.json().checkupUuids;

    const edited = await call('PUT', `/v1/forms/${pool.uuid}`, {
      form: cardiacPool({ sku: pool.sku, title: 'Cardiac follow-up (2026)' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().form).toMatchObject({
      version: 2,
      title: 'Cardiac follow-up (2026)',
      checkupCount: 1,
    });

    const [row] = await app.database.db.select().from(checkups).where(eq(checkups.id, checkupId));
    expect(row).toMatchObject({ formVersion: 1, status: 'sent', petId });
  });
});

describe('a pool’s versions', () => {
  it('lists every saved version, newest first, with its questions and the checkups sent with it', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuids: [petId, otherPetId] });
    const twoQuestions = cardiacPool({
      sku: pool.sku,
      questionGroups: [
        {
          title: 'Breathing',
          questions: [
            { title: 'Does your pet cough at night?', options: [{ title: 'Never' }, { title: 'Often' }] },
            { title: 'Is breathing faster asleep?', options: [{ title: 'No' }, { title: 'Yes' }] },
          ],
        },
      ],
    });
    await call('PUT', `/v1/forms/${pool.uuid}`, { form: twoQuestions });
    await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId });

    const response = await call('GET', `/v1/forms/${pool.uuid}/versions`);
    expect(response.statusCode).toBe(200);
    const { versions } = response.json();
    expect(versions).toMatchObject([
      { version: 2, questionCount: 2, checkupCount: 1 },
      { version: 1, questionCount: 1, checkupCount: 2 },
    ]);
    expect(versions[0].createdBy.name).toEqual(expect.any(String));
    expect(versions[0].createdAt.seconds).toEqual(expect.any(Number));
  });

  it('answers 404 for a form that does not exist', async () => {
    const response = await call('GET', '/v1/forms/00000000-0000-4000-8000-000000000000/versions');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('forms.not_found');
  });
});

describe('archive or delete', () => {
  it('deletes a pool that has no checkups', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    expect((await call('DELETE', `/v1/forms/${pool.uuid}`)).json()).toEqual({ archived: false });
    expect((await call('GET', `/v1/forms/${pool.uuid}`)).statusCode).toBe(404);
  });

  it('archives a pool that has checkups: still readable, gone from the list and the pickers, no longer sendable', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId });
    expect((await call('DELETE', `/v1/forms/${pool.uuid}`)).json()).toEqual({ archived: true });
    expect((await call('GET', `/v1/forms/${pool.uuid}`)).json().form.archived).toBe(true);
    const listed = (await call('GET', '/v1/forms?pageSize=200'))
      .json()
      .forms.map((f: { uuid: string }) => f.uuid);
    expect(listed).not.toContain(pool.uuid);
    const sendable = (await call('GET', '/v1/forms/manually-sendable'))
      .json()
      .forms.map((f: { uuid: string }) => f.uuid);
    expect(sendable).not.toContain(pool.uuid);
    const resent = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId });
    expect(resent.statusCode).toBe(409);
    expect(resent.json().code).toBe('forms.archived');
  });

  it('lists archived pools only when asked for them, and keeps them read-only', async () => {
    const active = (await call('POST', '/v1/forms', { form: cardiacPool({ title: 'Still in use' }) })).json()
      .form;
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool({ title: 'Old cardiac' }) })).json()
      .form;
    await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId });
    await call('DELETE', `/v1/forms/${pool.uuid}`);
    const uuids = async (query: string) =>
      (await call('GET', `/v1/forms?isPool=true&pageSize=200${query}`))
        .json()
        .forms.map((f: { uuid: string }) => f.uuid);
    const archived = await uuids('&status=archived');
    expect(archived).toContain(pool.uuid);
    expect(archived).not.toContain(active.uuid);
    expect(await uuids('&status=active')).toEqual(await uuids(''));
    expect(await uuids('')).toContain(active.uuid);
    expect(await uuids('')).not.toContain(pool.uuid);
    const listed = (await call('GET', '/v1/forms?status=archived&search=old+cardiac')).json().forms;
    expect(listed).toEqual([expect.objectContaining({ uuid: pool.uuid, archived: true })]);
    expect((await call('GET', '/v1/forms?status=gone')).statusCode).toBe(400);

    const edited = await call('PUT', `/v1/forms/${pool.uuid}`, { form: cardiacPool({ title: 'Renamed' }) });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().code).toBe('forms.archived');
    expect((await call('GET', `/v1/forms/${pool.uuid}`)).json().form).toMatchObject({
      title: 'Old cardiac',
      version: 1,
    });
  });
});

describe('pools are the practice’s own', () => {
  it('refuses a partner’s rewrite of a pool with every option unproblematic: its cards keep coming', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const silenced = cardiacPool({ sku: pool.sku });
    for (const group of silenced.questionGroups)
      for (const question of group.questions)
        for (const option of question.options) option.problematic = false;
    const rewrite = await call('PUT', `/v1/forms/${pool.uuid}`, { form: silenced }, partnerCookies);
    expect(rewrite.statusCode).toBe(403);
    expect(rewrite.json()).toMatchObject({ code: 'forms.forbidden', error: expect.any(String) });
    const created = await call('POST', '/v1/forms', { form: cardiacPool() }, partnerCookies);
    expect(created.json().code).toBe('forms.forbidden');
    const removed = await call('DELETE', `/v1/forms/${pool.uuid}`, undefined, partnerCookies);
    expect(removed.json().code).toBe('forms.forbidden');

    const after = (await call('GET', `/v1/forms/${pool.uuid}`)).json().form;
    expect(after).toMatchObject({ version: 1, archived: false });
    expect(
      after.questionGroups[0].questions[0].options.map((o: { problematic: boolean }) => o.problematic),
    ).toEqual([false, true]);
  });

  it('lets a regular vet edit a pool but leaves its archiving to head vets', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() }, regularCookies)).json().form;
    const edited = await call(
      'PUT',
      `/v1/forms/${pool.uuid}`,
      { form: cardiacPool({ sku: pool.sku }) },
      regularCookies,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await call('DELETE', `/v1/forms/${pool.uuid}`, undefined, regularCookies);
    expect(removed.statusCode).toBe(403);
    expect((await call('GET', `/v1/forms/${pool.uuid}`)).json().form.version).toBe(2);
  });
});

describe('sending a checkup to owners', () => {
  it('sends one checkup per pet when given many', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const response = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuids: [petId, otherPetId] });
    expect(response.statusCode).toBe(201);
    const rows = await app.database.db.select().from(checkups).where(eq(checkups.formId, pool.uuid));
    expect(rows.map((r) => r.petId).sort()).toEqual([petId, otherPetId].sort());
  });

  it('skips, in a send to many, the pets whose owner has not answered the pool yet, and says so', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const first = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId });
    expect(first.json()).toMatchObject({ skipped: [] });
    const again = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuids: [petId, otherPetId] });
    expect(again.statusCode).toBe(201);
    expect(again.json().checkupUuids).toHaveLength(1);
    expect(again.json().skipped).toEqual([{ petUuid: petId, reason: 'awaiting_answer' }]);
    const rows = await app.database.db.select().from(checkups).where(eq(checkups.formId, pool.uuid));
    expect(rows.map((r) => r.petId).sort()).toEqual([petId, otherPetId].sort());
    // One pet is the vet's explicit choice: sent again.
    const single = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId });
    expect(single.json().checkupUuids).toHaveLength(1);
  });

  it('sends nothing to any pet when one of many is outside a B2B vet’s scope', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const response = await call(
      'POST',
      `/v1/forms/${pool.uuid}/send`,
      { petUuids: [companyPetId, petId] },
      companyVetCookies,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'forms.pet_not_found', details: [{ path: 'petUuids.1' }] });
    const rows = await app.database.db.select().from(checkups).where(eq(checkups.formId, pool.uuid));
    expect(rows).toEqual([]);
  });

  it('refuses more than 500 pets at once, before looking at any', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const petUuids = Array.from({ length: 501 }, () => crypto.randomUUID());
    const response = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuids });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('At most 500 pets at once');
  });

  it('lets a B2B vet send only to their company’s pets: another pet is as unknown as a missing one', async () => {
    const pool = (await call('POST', '/v1/forms', { form: cardiacPool() })).json().form;
    const own = await call(
      'POST',
      `/v1/forms/${pool.uuid}/send`,
      { petUuid: companyPetId },
      companyVetCookies,
    );
    expect(own.statusCode).toBe(201);
    const other = await call('POST', `/v1/forms/${pool.uuid}/send`, { petUuid: petId }, companyVetCookies);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'forms.pet_not_found', details: [{ path: 'petUuid' }] });
  });

  it('lists pools by search and flag', async () => {
    await call('POST', '/v1/forms', { form: cardiacPool({ title: 'Skin and itch' }) });
    const response = await call('GET', '/v1/forms?isPool=true&search=itch');
    expect(response.statusCode).toBe(200);
    expect(response.json().forms.map((f: { title: string }) => f.title)).toEqual(['Skin and itch']);
  });
});
