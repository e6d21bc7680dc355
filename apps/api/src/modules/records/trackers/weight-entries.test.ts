import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { petLivingIn, seconds } from '../../../../test/tracker-read-fixtures.ts';
import { newId } from '../../../lib/ids.ts';
import type { VetRow } from '../../core/vets/vets.table.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { weightEntries } from './trackers.weight.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vet: VetRow;

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
});

function post(payload: Record<string, unknown>, withSession = true) {
  return app.inject({
    method: 'POST',
    url: '/v1/weight-history',
    payload,
    cookies: withSession ? cookies : {},
  });
}
function put(id: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/v1/weight-history/${id}`, payload, cookies });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function addEntry(petId: string, overrides: Record<string, unknown> = {}) {
  const response = await post({
    petUuid: petId,
    value: 9.5,
    measuredAt: { seconds: seconds('2024-06-02T08:00:00Z') },
    location: 'vet',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().weightEntry;
}

describe('a vet adds a weight', () => {
  it('gets the stored entry back with its uuid, author and sentiment, and the addition is audited', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { targetWeightKg: 8.5 });
    await app.database.db.insert(weightEntries).values({
      id: newId(),
      petId: pet.id,
      valueKg: 10,
      measuredAt: new Date('2024-06-01T08:00:00Z'),
      location: 'home',
      author: 'user',
    });

    const response = await post({
      petUuid: pet.id,
      value: 9.456,
      measuredAt: { seconds: seconds('2024-06-02T08:00:00Z') },
      location: 'vet',
      note: '  After the diet change  ',
    });

    expect(response.statusCode, response.body).toBe(201);
    const { weightEntry } = response.json();
    expect(weightEntry).toMatchObject({
      petUuid: pet.id,
      value: 9.46,
      measuredAt: { seconds: seconds('2024-06-02T08:00:00Z') },
      location: 'vet',
      author: 'vet',
      authorVet: { uuid: vet.id, name: 'Helena Marsh' },
      note: 'After the diet change',
      variationSentiment: 'positive',
      variationKg: -0.54,
    });
    expect(weightEntry.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const [audit] = await listAuditRows(app.database.db, {
      action: 'weight.create',
      entityId: weightEntry.uuid,
    });
    expect(audit).toMatchObject({
      actorVetId: vet.id,
      entity: 'weight_entry',
      changes: {
        petUuid: pet.id,
        after: {
          value: 9.46,
          measuredAt: '2024-06-02T08:00:00.000Z',
          location: 'vet',
          note: 'After the diet change',
        },
      },
    });

    const history = (
      await app.inject({ method: 'GET', url: `/v1/pets/${pet.id}/weight-history`, cookies })
    ).json();
    expect(history.entries[0].uuid).toBe(weightEntry.uuid);
  });

  it('may date it up to 5 minutes ahead, not more', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addEntry(pet.id, { measuredAt: { seconds: nowSeconds() + 240 } });

    const response = await post({
      petUuid: pet.id,
      value: 9,
      measuredAt: { seconds: nowSeconds() + 600 },
      location: 'home',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'weight.measured_in_future',
      details: [{ path: 'measuredAt' }],
    });
  });

  it("may not date it before the pet's birth date, in the pet's own calendar", async () => {
    const pet = await petLivingIn(app.database.db, 'Pacific/Kiritimati', { birthDate: '2020-01-31' });
    // 10:30 UTC on the 30th is 00:30 on the 31st in Kiritimati (UTC+14): the birthday itself.
    await addEntry(pet.id, { measuredAt: { seconds: seconds('2020-01-30T10:30:00Z') } });

    const response = await post({
      petUuid: pet.id,
      value: 0.4,
      measuredAt: { seconds: seconds('2020-01-30T09:30:00Z') },
      location: 'home',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'weight.measured_before_birth',
      details: [{ path: 'measuredAt' }],
    });
  });

  it.each([
    ['a value of 0', { value: 0 }, 'value'],
    ['a negative value', { value: -2 }, 'value'],
    ['a value of 200 kg', { value: 200 }, 'value'],
    ['an unknown location', { location: 'park' }, 'location'],
    ['an unknown field', { author: 'user' }, 'author'],
    ['a measuredAt without seconds', { measuredAt: '2024-06-02' }, 'measuredAt'],
  ])('is refused with %s', async (_label, overrides, path) => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const response = await post({
      petUuid: pet.id,
      value: 9.5,
      measuredAt: { seconds: seconds('2024-06-02T08:00:00Z') },
      location: 'vet',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('is refused with a value that rounds to 0 kg, for an unknown pet, and without a session', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const auditsBefore = (await listAuditRows(app.database.db, { action: 'weight.create' })).length;
    const body = {
      petUuid: pet.id,
      value: 0.004,
      measuredAt: { seconds: seconds('2024-06-02T08:00:00Z') },
      location: 'vet',
    };
    const tiny = await post(body);
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toMatchObject({ code: 'weight.value_out_of_range', details: [{ path: 'value' }] });

    const unknown = await post({ ...body, value: 9, petUuid: newId() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('pets.not_found');

    expect((await post({ ...body, value: 9 }, false)).statusCode).toBe(401);
    expect(await listAuditRows(app.database.db, { action: 'weight.create' })).toHaveLength(auditsBefore);
  });
});

describe('a vet corrects a weight', () => {
  it('changes what was sent, audits the fields that changed, and keeps the author', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { targetWeightKg: 8.5 });
    await addEntry(pet.id, {
      value: 10,
      measuredAt: { seconds: seconds('2024-06-01T08:00:00Z') },
    });
    const entry = await addEntry(pet.id, { value: 9.95, note: 'Scale at the clinic' });
    expect(entry.variationSentiment).toBe('neutral');

    const response = await put(entry.uuid, {
      value: 11,
      measuredAt: entry.measuredAt,
      location: 'vet',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().weightEntry).toMatchObject({
      uuid: entry.uuid,
      value: 11,
      note: 'Scale at the clinic',
      author: 'vet',
      variationSentiment: 'negative',
      variationKg: 1,
    });

    const audits = await listAuditRows(app.database.db, { action: 'weight.update', entityId: entry.uuid });
    expect(audits).toHaveLength(1);
    expect(audits[0]?.changes).toEqual({ petUuid: pet.id, before: { value: 9.95 }, after: { value: 11 } });
  });

  it('moves it in time and clears its note, or writes nothing when nothing changes', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const entry = await addEntry(pet.id, { note: 'Before food' });
    const moved = {
      value: 9.5,
      measuredAt: { seconds: seconds('2024-06-03T08:00:00Z') },
      location: 'home',
      note: null,
    };

    expect((await put(entry.uuid, moved)).json().weightEntry).toMatchObject({ ...moved, note: null });
    expect((await put(entry.uuid, moved)).statusCode).toBe(200);

    const audits = await listAuditRows(app.database.db, { action: 'weight.update', entityId: entry.uuid });
    expect(audits).toHaveLength(1);
    expect(audits[0]?.changes).toEqual({
      petUuid: pet.id,
      before: { measuredAt: '2024-06-02T08:00:00.000Z', location: 'vet', note: 'Before food' },
      after: { measuredAt: '2024-06-03T08:00:00.000Z', location: 'home', note: null },
    });
  });

  it('is refused for an unknown or malformed id, a future date, a bad value or an unknown field', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const entry = await addEntry(pet.id);
    const valid = { value: 9, measuredAt: entry.measuredAt, location: 'vet' };

    const unknown = await put(newId(), valid);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('weight.not_found');
    expect((await put('42', valid)).statusCode).toBe(400);

    const future = await put(entry.uuid, { ...valid, measuredAt: { seconds: nowSeconds() + 3600 } });
    expect(future.json().code).toBe('weight.measured_in_future');
    expect((await put(entry.uuid, { ...valid, value: 250 })).statusCode).toBe(400);
    const extra = await put(entry.uuid, { ...valid, petUuid: pet.id });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0].path).toBe('petUuid');

    expect(
      await listAuditRows(app.database.db, { action: 'weight.update', entityId: entry.uuid }),
    ).toHaveLength(0);
  });
});
