import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { petAlerts } from './pet-alerts.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let companyCookies: Record<string, string>;
let petId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  cookies = await loginAs(app, (await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' })).email);
  const company = await createCompany(db);
  companyCookies = await loginAs(
    app,
    (await createTestVet(app, { kind: 'b2b', companySku: company.sku })).email,
  );
  const { family } = await createFamily(db);
  petId = (await createPet(db, { familyId: family.id, name: 'Snappy' })).id;
});

const url = (pet = petId) => `/v1/pets/${pet}/alerts`;
const set = (body: object, as = cookies, pet = petId) =>
  app.inject({ method: 'POST', url: url(pet), cookies: as, payload: body });
const list = (as = cookies) => app.inject({ method: 'GET', url: url(), cookies: as });

describe('patient alerts', () => {
  it('sets an alert of a fixed kind or in the vet’s words, with who and when, audited and announced', async () => {
    const bite = await set({ kind: 'will_bite' });
    expect(bite.statusCode).toBe(201);
    expect(bite.json().petAlerts).toEqual([
      {
        uuid: expect.any(String),
        kind: 'will_bite',
        label: 'Will bite',
        createdBy: { uuid: expect.any(String), name: 'Helena Marsh' },
        createdAt: { seconds: expect.any(Number) },
      },
    ]);
    const other = await set({ kind: 'other', text: '  Muzzle before the ears  ' });
    expect(other.json().petAlerts.map((a: { label: string }) => a.label)).toEqual([
      'Will bite',
      'Muzzle before the ears',
    ]);
    const id = bite.json().petAlerts[0].uuid;
    expect(
      (await listAuditRows(app.database.db, { action: 'pet_alerts.set', entityId: id }))[0]?.changes,
    ).toMatchObject({
      after: { petUuid: petId, kind: 'will_bite' },
    });
    const events = await app.database.db.select().from(domainEvents).where(eq(domainEvents.entityId, id));
    expect(events.map((e) => e.type)).toEqual(['pet_alert.changed']);
  });

  it('refuses bad input with the field named and a kind set twice, writing nothing', async () => {
    const before = (await app.database.db.select().from(petAlerts)).length;
    for (const body of [
      { kind: 'other' },
      { kind: 'other', text: '   ' },
      { kind: 'senior', text: 'x' },
      { kind: 'grumpy' },
    ]) {
      const refused = await set(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().details.length).toBeGreaterThan(0);
    }
    const twice = await set({ kind: 'will_bite' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('pet_alerts.already_set');
    expect((await app.database.db.select().from(petAlerts)).length).toBe(before);
  });

  it('removes an alert, keeping who and when; the kind can be set again', async () => {
    const [bite] = (await list()).json().petAlerts;
    const removed = await app.inject({ method: 'DELETE', url: `${url()}/${bite.uuid}`, cookies });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().petAlerts.map((a: { kind: string }) => a.kind)).toEqual(['other']);
    const [row] = await app.database.db.select().from(petAlerts).where(eq(petAlerts.id, bite.uuid));
    expect(row?.removedAt).toBeInstanceOf(Date);
    expect(row?.removedByVetId).not.toBeNull();
    expect((await app.inject({ method: 'DELETE', url: `${url()}/${bite.uuid}`, cookies })).statusCode).toBe(
      404,
    );
    expect((await set({ kind: 'will_bite' })).statusCode).toBe(201);
  });

  it('is out of a company vet’s scope for a product customer’s pet: 404, nothing written', async () => {
    expect((await list(companyCookies)).statusCode).toBe(404);
    const before = (await app.database.db.select().from(petAlerts)).length;
    expect((await set({ kind: 'nervous' }, companyCookies)).statusCode).toBe(404);
    expect((await app.database.db.select().from(petAlerts)).length).toBe(before);
  });
});
