import { defaultRespiratoryThresholds } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import type { VetRow } from '../../core/vets/vets.table.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { thresholdsForPet } from './trackers.thresholds.service.ts';

const context = useTestApp();
let app: TestApp;
let vet: VetRow;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh', kind: 'head' });
  cookies = await loginAs(app, vet.email);
});

async function newPet(species: 'dog' | 'cat' = 'dog') {
  const { family } = await createFamily(app.database.db);
  return (await createPet(app.database.db, { familyId: family.id, species })).id;
}

const url = (petId: string) => `/v1/pets/${petId}/respiratory-thresholds`;

function call(method: 'GET' | 'PUT' | 'DELETE', petId: string, payload?: object, withSession = true) {
  return app.inject({ method, url: url(petId), cookies: withSession ? cookies : {}, payload });
}

const custom = { low: 12, high: 26, highOrange: 31.5, highRed: 36 };

describe('respiratory thresholds', () => {
  it("are the species' defaults until a vet sets the pet's own", async () => {
    for (const species of ['dog', 'cat'] as const) {
      const petId = await newPet(species);
      const response = await call('GET', petId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        thresholds: defaultRespiratoryThresholds[species],
        isCustom: false,
        updatedAt: null,
        updatedBy: null,
      });
      expect(await thresholdsForPet(app.database.db, petId)).toEqual(defaultRespiratoryThresholds[species]);
    }
    expect(await thresholdsForPet(app.database.db, newId())).toBeNull();
  });

  it('are set per pet by a vet, who is named, with the change audited before/after', async () => {
    const petId = await newPet();
    const startedAt = Math.floor(Date.now() / 1000);
    const response = await call('PUT', petId, custom);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      thresholds: custom,
      isCustom: true,
      updatedBy: { uuid: vet.id, name: 'Helena Marsh' },
    });
    expect(body.updatedAt.seconds).toBeGreaterThanOrEqual(startedAt);
    expect((await call('GET', petId)).json()).toEqual(body);
    expect(await thresholdsForPet(app.database.db, petId)).toEqual(custom);

    const audit = await listAuditRows(app.database.db, { action: 'trackers.thresholds', entityId: petId });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorVetId: vet.id,
      entity: 'pet',
      changes: {
        before: { ...defaultRespiratoryThresholds.dog, isCustom: false },
        after: { ...custom, isCustom: true },
      },
    });

    const changed = { ...custom, highRed: 45 };
    expect((await call('PUT', petId, changed)).json().thresholds).toEqual(changed);
    const again = await call('PUT', petId, changed);
    expect(again.statusCode).toBe(200);
    const rows = await listAuditRows(app.database.db, { action: 'trackers.thresholds', entityId: petId });
    expect(rows.map((row) => row.changes)).toEqual([
      audit[0]?.changes,
      { before: { ...custom, isCustom: true }, after: { ...changed, isCustom: true } },
    ]);
  });

  it('refuse values out of order or out of range, unknown fields and missing ones', async () => {
    const petId = await newPet();
    const cases: Array<[object, string[]]> = [
      [{ ...custom, high: 12 }, ['high']],
      [{ ...custom, highOrange: 26 }, ['highOrange']],
      [{ ...custom, highRed: 30 }, ['highRed']],
      [{ low: 40, high: 30, highOrange: 20, highRed: 10 }, ['high', 'highOrange', 'highRed']],
      [{ ...custom, low: 0 }, ['low']],
      [{ ...custom, highRed: 151 }, ['highRed']],
      [{ ...custom, color: 'red' }, ['color']],
      [{ low: 10, high: 30, highOrange: 35 }, ['highRed']],
      [{ ...custom, low: '12' }, ['low']],
    ];
    for (const [payload, paths] of cases) {
      const response = await call('PUT', petId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('request.invalid');
      expect(response.json().details.map((d: { path: string }) => d.path)).toEqual(paths);
    }
    const orderMessage = (await call('PUT', petId, { ...custom, highRed: 30 })).json().details[0].message;
    expect(orderMessage).toBe('Must be above high-orange');
    expect((await call('GET', petId)).json().isCustom).toBe(false);
    expect(await listAuditRows(app.database.db, { entityId: petId })).toEqual([]);
  });

  it("go back to the species' defaults when the override is deleted, audited once", async () => {
    const petId = await newPet('cat');
    await call('PUT', petId, custom);
    const response = await call('DELETE', petId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      thresholds: defaultRespiratoryThresholds.cat,
      isCustom: false,
      updatedAt: null,
      updatedBy: null,
    });
    expect(await thresholdsForPet(app.database.db, petId)).toEqual(defaultRespiratoryThresholds.cat);
    expect((await call('DELETE', petId)).statusCode).toBe(200);
    const audit = await listAuditRows(app.database.db, {
      action: 'trackers.thresholds_reset',
      entityId: petId,
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorVetId: vet.id,
      changes: {
        before: { ...custom, isCustom: true },
        after: { ...defaultRespiratoryThresholds.cat, isCustom: false },
      },
    });
  });

  it('answer 404 for an unknown pet, 400 for a malformed id and 401 without a session', async () => {
    const unknown = newId();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const notFound = await call(method, unknown, method === 'PUT' ? custom : undefined);
      expect(notFound.statusCode).toBe(404);
      expect(notFound.json().code).toBe('pets.not_found');
      const malformed = await call(method, 'not-a-uuid', method === 'PUT' ? custom : undefined);
      expect(malformed.statusCode).toBe(400);
    }
    const petId = await newPet();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const anonymous = await call(method, petId, method === 'PUT' ? custom : undefined, false);
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await call('GET', petId)).json().isCustom).toBe(false);
  });
});
