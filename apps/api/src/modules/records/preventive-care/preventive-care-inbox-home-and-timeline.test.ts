import type { PreventiveCareResponse, PreventiveInboxResponse } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/index.ts';
import { refreshAllDueItems } from './preventive-care.due.service.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let partner: Record<string, string>;
let companySku: string;
const pets: Record<'biscuit' | 'mochi' | 'rex', string> = {} as never;

// 10 March 2026. Biscuit, a puppy born 1 Jan 2026: deworming (due 15 Jan), flea/tick and heartworm
// (26 Feb, 7 grace days) overdue; DHPP and kennel cough (26 Feb, 14 grace days) due; leptospirosis and
// rabies (26 Mar, within a quarter of the 84 days since birth) almost due.
const NOW = new Date('2026-03-10T10:00:00Z');

async function petOf(name: string, species: 'dog' | 'cat', birthDate: string, b2b = false) {
  const { family } = await createFamily(app.database.db, {
    ...(b2b
      ? { familyKind: 'b2b' as const, owner: { b2bCode: companySku, firstName: 'Ines', lastName: 'Corp' } }
      : {}),
  });
  return (await createPet(app.database.db, { familyId: family.id, name, species, birthDate })).id;
}

async function inbox(query = '', cookies = helena) {
  const response = await app.inject({ method: 'GET', url: `/v1/preventive-care/inbox${query}`, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PreventiveInboxResponse;
}

async function scheduleOfPet(petId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/pets/${petId}/preventive-care`,
    cookies: helena,
  });
  return response.json() as PreventiveCareResponse;
}

const rowsOf = (body: PreventiveInboxResponse) =>
  body.items.map((row) => [row.pet.name, row.itemCode, row.status]);

beforeAll(async () => {
  app = context.app;
  context.clock.set(NOW);
  helena = await loginAs(app, (await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' })).email);
  companySku = (await createCompany(app.database.db)).sku;
  partner = await loginAs(app, (await createTestVet(app, { kind: 'partner', companySku })).email);
  pets.biscuit = await petOf('Biscuit', 'dog', '2026-01-01');
  // A cat of the partner's company, born 1 Feb 2026: deworming from 3 weeks (22 Feb) overdue, the rest later.
  pets.mochi = await petOf('Mochi', 'cat', '2026-02-01', true);
  // An adult dog never given anything: every item overdue since its young course would have ended.
  pets.rex = await petOf('Rex', 'dog', '2019-04-12');
  // What the daily job does for pets no dose or mark has touched yet.
  await refreshAllDueItems(app.database.db, NOW);
});

describe('the preventive-care inbox', () => {
  it('lists each pet’s overdue, due and almost-due items as its own page says, soonest first', async () => {
    const body = await inbox('?pageSize=100&species=dog');
    const biscuit = await scheduleOfPet(pets.biscuit);
    const expected = biscuit.items
      .filter((item) => ['overdue', 'due', 'almost_due'].includes(item.status))
      .map((item) => ['Biscuit', item.code, item.status]);
    expect(
      rowsOf(body)
        .filter(([name]) => name === 'Biscuit')
        .sort(),
    ).toEqual(expected.sort());
    expect(rowsOf(body).filter(([name]) => name === 'Biscuit')).toEqual([
      ['Biscuit', 'dog.deworming', 'overdue'],
      ['Biscuit', 'dog.dhpp', 'due'],
      ['Biscuit', 'dog.flea_tick', 'overdue'],
      ['Biscuit', 'dog.heartworm', 'overdue'],
      ['Biscuit', 'dog.kennel_cough', 'due'],
      ['Biscuit', 'dog.leptospirosis', 'almost_due'],
      ['Biscuit', 'dog.rabies', 'almost_due'],
    ]);
    expect(body.items.find((row) => row.pet.name === 'Biscuit')).toMatchObject({
      pet: { uuid: pets.biscuit, name: 'Biscuit' },
      species: 'dog',
      itemName: 'Deworming (intestinal worms)',
      dueOn: { year: 2026, month: 1, day: 15 },
      companySku: null,
    });
    expect(body.today).toEqual({ year: 2026, month: 3, day: 10 });
  });

  it('filters by status, item, species and company, pages on the server and counts each status', async () => {
    const overdue = await inbox(`?status=overdue&species=dog`);
    expect(overdue.items.every((row) => row.status === 'overdue')).toBe(true);
    const all = await inbox('?species=dog');
    expect(all.counts.overdue).toBe(overdue.pagination.total);
    expect(overdue.counts).toEqual(all.counts);

    const rabies = await inbox('?item=dog.rabies');
    expect(rabies.items.map((row) => row.pet.name)).toEqual(['Rex', 'Biscuit']);

    const cats = await inbox('?species=cat');
    expect(cats.items.every((row) => row.pet.name === 'Mochi')).toBe(true);
    expect(cats.items.map((row) => row.itemCode)).toContain('cat.deworming');
    const company = await inbox(`?companySku=${companySku}`);
    expect(company.items.map((row) => row.pet.name)).toEqual(cats.items.map((row) => row.pet.name));
    expect(company.items[0]).toMatchObject({ companySku, ownerName: 'Ines Corp' });

    const first = await inbox('?species=dog&pageSize=2&page=1');
    const second = await inbox('?species=dog&pageSize=2&page=2');
    expect(first.pagination).toMatchObject({
      total: all.pagination.total,
      pageCount: Math.ceil(all.pagination.total / 2),
    });
    expect([...first.items, ...second.items].map((row) => row.itemCode)).toEqual(
      all.items.slice(0, 4).map((row) => row.itemCode),
    );
    const byPet = await inbox('?sort=pet&order=desc');
    expect(byPet.items[0]?.pet.name).toBe('Rex');
    expect(rowsOf(await inbox('?item=dog.rabies&search=biscuit'))).toEqual([
      ['Biscuit', 'dog.rabies', 'almost_due'],
    ]);
    const searched = await inbox('?search=mochi');
    expect(new Set(searched.items.map((row) => row.pet.name))).toEqual(new Set(['Mochi']));

    const bad = await app.inject({
      method: 'GET',
      url: '/v1/preventive-care/inbox?status=done',
      cookies: helena,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a B2B partner only its company’s pets', async () => {
    const mine = await inbox('?pageSize=100', partner);
    expect(new Set(mine.items.map((row) => row.pet.uuid))).toEqual(new Set([pets.mochi]));
    const other = await inbox('?species=dog', partner);
    expect(other.pagination.total).toBe(0);
  });

  it('follows a dose, a not-applicable mark and its removal at once, in their transactions', async () => {
    const dose = await app.inject({
      method: 'POST',
      url: `/v1/pets/${pets.biscuit}/preventive-care/doses`,
      cookies: helena,
      payload: {
        itemCode: 'dog.deworming',
        product: 'Drontal Puppy',
        givenOn: { year: 2026, month: 3, day: 10 },
      },
    });
    expect(dose.statusCode, dose.body).toBe(201);
    const afterDose = await inbox('?item=dog.deworming');
    // The puppy's next deworming (4 weeks of age in the course) is due again; no longer since 15 January.
    expect(afterDose.items.find((row) => row.pet.uuid === pets.biscuit)?.dueOn).not.toEqual({
      year: 2026,
      month: 1,
      day: 15,
    });
    const mark = await app.inject({
      method: 'POST',
      url: `/v1/pets/${pets.biscuit}/preventive-care/not-applicable`,
      cookies: helena,
      payload: { itemCode: 'dog.heartworm', reason: 'No heartworm in the region' },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const biscuitsOnly = (body: PreventiveInboxResponse) =>
      rowsOf(body).filter(([name]) => name === 'Biscuit');
    expect(biscuitsOnly(await inbox('?item=dog.heartworm'))).toEqual([]);
    const unmark = await app.inject({
      method: 'DELETE',
      url: `/v1/pets/${pets.biscuit}/preventive-care/not-applicable/dog.heartworm`,
      cookies: helena,
    });
    expect(unmark.statusCode, unmark.body).toBe(200);
    expect(biscuitsOnly(await inbox('?item=dog.heartworm'))).toEqual([
      ['Biscuit', 'dog.heartworm', 'overdue'],
    ]);
  });
});

describe('the home page', () => {
  it('counts the overdue items of the vet’s scope, as the inbox does', async () => {
    for (const cookies of [helena, partner]) {
      const home = await app.inject({ method: 'GET', url: '/v1/home', cookies });
      expect(home.statusCode, home.body).toBe(200);
      const overdue = await inbox('?status=overdue', cookies);
      expect(home.json().preventiveCareOverdue).toBe(overdue.pagination.total);
      expect(overdue.pagination.total).toBeGreaterThan(0);
    }
    const partnerHome = await app.inject({ method: 'GET', url: '/v1/home', cookies: partner });
    const helenaHome = await app.inject({ method: 'GET', url: '/v1/home', cookies: helena });
    expect(partnerHome.json().preventiveCareOverdue).toBeLessThan(helenaHome.json().preventiveCareOverdue);
  });
});

describe('the pet’s timeline', () => {
  it('shows the dose recorded, the mark set and the mark removed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pets.biscuit}/timeline?kind=preventive.dose_recorded,preventive.not_applicable_set,preventive.not_applicable_removed`,
      cookies: helena,
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items as Array<{ kind: string; title: string; link: string }>;
    expect(items.map((item) => [item.kind, item.title]).sort()).toEqual(
      [
        ['preventive.dose_recorded', 'Deworming (intestinal worms) given: Drontal Puppy'],
        ['preventive.not_applicable_set', 'Heartworm marked not applicable: No heartworm in the region'],
        ['preventive.not_applicable_removed', 'Heartworm applies again'],
      ].sort(),
    );
    expect(items[0]?.link).toBe(`/pets/${pets.biscuit}/preventive-care`);
  });
});

describe('the owner app', () => {
  it('reads a pet’s schedule with its owner_app token, a company’s token only its company’s pets', async () => {
    const cli = systemActor('test');
    const db = app.database.db;
    const ownerApp = (await createIntegration({ db }, cli, { name: 'Owner app', scopes: ['owner_app'] }))
      .token;
    const collars = (await createIntegration({ db }, cli, { name: 'Collars', scopes: ['readings'] })).token;
    const companyApp = (
      await createIntegration({ db }, cli, { name: 'Company app', scopes: ['owner_app'], companySku })
    ).token;
    const read = (petId: string, token: string) =>
      app.inject({
        method: 'GET',
        url: `/v1/pets/${petId}/preventive-care/for-owner-app`,
        headers: { authorization: `Bearer ${token}` },
      });
    const answer = await read(pets.biscuit, ownerApp);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual(await scheduleOfPet(pets.biscuit));
    expect([
      (await read(pets.biscuit, collars)).statusCode,
      (await read(pets.biscuit, collars)).json().code,
    ]).toEqual([403, 'integrations.scope_not_granted']);
    expect((await read(pets.mochi, companyApp)).statusCode).toBe(200);
    expect([
      (await read(pets.biscuit, companyApp)).statusCode,
      (await read(pets.biscuit, companyApp)).json().code,
    ]).toEqual([404, 'pets.not_found']);
    const vetSession = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pets.biscuit}/preventive-care/for-owner-app`,
      cookies: helena,
    });
    expect(vetSession.statusCode).toBe(401);
  });
});
