import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../test/people-fixtures.ts';
import { type TestApp, useTestApp } from '../test/test-app.ts';
import { rowsOf } from './db/rows.ts';
import { createIntegration } from './modules/platform/integrations/index.ts';
import { systemActor } from './policy/actor.ts';

/**
 * Issue #47 point 11: the collar platform's token could post owner questions, journal entries, owner
 * medical records and checkup answers for any pet of any company. A token now names what it is for, and a
 * company's own token writes only about that company's pets.
 */
const context = useTestApp();
let app: TestApp;
let productPet: string;
let companyPet: string;
const tokens = { collars: '', ownerApp: '', companyApp: '', companyCollars: '' };

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const cli = systemActor('test');
  const company = await createCompany(db);
  tokens.collars = (await createIntegration({ db }, cli, { name: 'Collars', scopes: ['readings'] })).token;
  tokens.ownerApp = (
    await createIntegration({ db }, cli, { name: 'Owner app', scopes: ['owner_app'] })
  ).token;
  tokens.companyApp = (
    await createIntegration({ db }, cli, {
      name: 'Company app',
      scopes: ['owner_app'],
      companySku: company.sku,
    })
  ).token;
  tokens.companyCollars = (
    await createIntegration({ db }, cli, {
      name: 'Company collars',
      scopes: ['readings'],
      companySku: company.sku,
    })
  ).token;
  const { family } = await createFamily(db);
  productPet = (await createPet(db, { familyId: family.id, name: 'Scopeless' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  companyPet = (await createPet(db, { familyId: b2b.family.id, name: 'Scoped' })).id;
});

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

const readings = (petUuid: string) => ({
  readings: [
    {
      id: randomUUID(),
      petUuid,
      kind: 'respiratory_rate',
      value: 22,
      measuredAt: { seconds: Math.floor(Date.now() / 1000) - 600 },
    },
  ],
});

const question = (petUuid: string) => ({
  uuid: randomUUID(),
  petUuid,
  question: 'Is it normal that she breathes fast while she sleeps?',
  askedAt: { seconds: Math.floor(Date.now() / 1000) - 3600 },
});

async function counts() {
  const [row] = rowsOf<{ questions: number; readings: number }>(
    await app.database.db.execute(sql`select
      (select count(*)::int from pet_questions) as questions,
      (select count(*)::int from tracker_readings) as readings`),
  );
  return row;
}

describe('integration token scopes', () => {
  it('refuses a call its token is not for (403, nothing written), and takes the one it is', async () => {
    const before = await counts();
    const asked = await post('/v1/pet-questions', tokens.collars, question(productPet));
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({
      error: 'This integration token is not allowed to do this (it needs the owner_app scope)',
      code: 'integrations.scope_not_granted',
    });
    const pushed = await post('/v1/trackers/readings', tokens.ownerApp, readings(productPet));
    expect(pushed.statusCode).toBe(403);
    expect(pushed.json().code).toBe('integrations.scope_not_granted');
    // Refused before the body is read, like a missing token: a journal entry's multipart is never parsed.
    const journal = await app.inject({
      method: 'POST',
      url: '/v1/journal-entries',
      headers: {
        authorization: `Bearer ${tokens.collars}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x--',
    });
    expect(journal.statusCode).toBe(403);
    expect(await counts()).toEqual(before);

    expect((await post('/v1/trackers/readings', tokens.collars, readings(productPet))).statusCode).toBe(200);
    expect((await post('/v1/pet-questions', tokens.ownerApp, question(productPet))).statusCode).toBe(201);
    expect(await counts()).toEqual({
      questions: (before?.questions ?? 0) + 1,
      readings: (before?.readings ?? 0) + 1,
    });
  });

  it('lets a company’s own token write only about its company’s pets: another pet is as unknown as a missing one', async () => {
    const before = await counts();
    const outside = await post('/v1/pet-questions', tokens.companyApp, question(productPet));
    const unknown = await post('/v1/pet-questions', tokens.companyApp, question(randomUUID()));
    expect(outside.json()).toMatchObject({ code: 'questions.pet_not_found' });
    expect([outside.statusCode, outside.json()]).toEqual([unknown.statusCode, unknown.json()]);

    const foreignReadings = await post('/v1/trackers/readings', tokens.companyCollars, readings(productPet));
    expect(foreignReadings.statusCode).toBe(400);
    expect(JSON.stringify(foreignReadings.json())).toContain(`unknown pet ${productPet}`);
    expect(await counts()).toEqual(before);

    expect((await post('/v1/pet-questions', tokens.companyApp, question(companyPet))).statusCode).toBe(201);
    expect(
      (await post('/v1/trackers/readings', tokens.companyCollars, readings(companyPet))).statusCode,
    ).toBe(200);
  });
});
