import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { systemActor } from '../../../policy/actor.ts';
import { listAuditRows } from '../audit/audit.repository.ts';
import {
  authenticateIntegration,
  createIntegration,
  LAST_USED_RESOLUTION_MS,
  listIntegrations,
  revokeIntegration,
} from './integrations.service.ts';
import { integrations } from './integrations.table.ts';

const context = useTestApp();
let app: TestApp;
let petId: string;
const cli = systemActor('test');

beforeAll(async () => {
  app = context.app;
  const { family } = await createFamily(app.database.db);
  petId = (await createPet(app.database.db, { familyId: family.id })).id;
});

const deps = () => ({ db: app.database.db });

function oneReading() {
  return {
    readings: [
      {
        id: newId(),
        petUuid: petId,
        kind: 'heart_rate',
        value: 92,
        measuredAt: { seconds: Math.floor(Date.now() / 1000) - 60 },
      },
    ],
  };
}

function postReadings(headers: Record<string, string>, cookies: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/v1/trackers/readings',
    headers,
    cookies,
    payload: oneReading(),
  });
}

async function storedIntegration(id: string) {
  const [row] = await app.database.db.select().from(integrations).where(eq(integrations.id, id));
  return row;
}

describe('an integration token', () => {
  it('is shown once as vbi_ + 32 random bytes, and only its SHA-256 is stored, with an audit row', async () => {
    const { integration, token } = await createIntegration(deps(), cli, { name: '  Collar platform  ' });
    expect(token).toMatch(/^vbi_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    expect(integration.name).toBe('Collar platform');
    const stored = await storedIntegration(integration.id);
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));
    const audit = await listAuditRows(app.database.db, {
      action: 'integrations.create',
      entityId: integration.id,
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorVetId: null,
      entity: 'integration',
      changes: { name: 'Collar platform' },
    });
    expect(JSON.stringify(audit[0])).not.toContain(token.slice(4));
  });

  it('is unique per creation, and an active name cannot be reused', async () => {
    const first = await createIntegration(deps(), cli, { name: 'Twice' });
    await expect(createIntegration(deps(), cli, { name: 'Twice' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'integrations.name_taken',
    });
    await revokeIntegration(deps(), cli, { name: 'Twice' });
    const second = await createIntegration(deps(), cli, { name: 'Twice' });
    expect(second.token).not.toBe(first.token);
    await expect(createIntegration(deps(), cli, { name: '   ' })).rejects.toMatchObject({
      code: 'integrations.invalid_name',
    });
  });

  it('authenticates its integration; unknown, malformed and missing tokens give null', async () => {
    const { integration, token } = await createIntegration(deps(), cli, { name: 'Auth check' });
    expect((await authenticateIntegration(deps(), token))?.id).toBe(integration.id);
    // Another last character (a token ending in 'A' would stay the same with 'A').
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await authenticateIntegration(deps(), altered)).toBeNull();
    expect(await authenticateIntegration(deps(), token.slice(4))).toBeNull();
    expect(await authenticateIntegration(deps(), undefined)).toBeNull();
  });

  it('records when it was last used, writing at most once a minute', async () => {
    const { integration, token } = await createIntegration(deps(), cli, { name: 'Last used' });
    expect(integration.lastUsedAt).toBeNull();
    const t0 = new Date('2026-06-01T10:00:00Z');
    await authenticateIntegration(deps(), token, t0);
    expect((await storedIntegration(integration.id))?.lastUsedAt?.toISOString()).toBe(t0.toISOString());
    await authenticateIntegration(deps(), token, new Date(t0.getTime() + LAST_USED_RESOLUTION_MS - 1000));
    expect((await storedIntegration(integration.id))?.lastUsedAt?.toISOString()).toBe(t0.toISOString());
    const later = new Date(t0.getTime() + LAST_USED_RESOLUTION_MS + 1000);
    await authenticateIntegration(deps(), token, later);
    expect((await storedIntegration(integration.id))?.lastUsedAt?.toISOString()).toBe(later.toISOString());
  });

  it('is revoked by name or id, audited, listed as revoked, and stops working at once', async () => {
    const byName = await createIntegration(deps(), cli, { name: 'Revoke by name' });
    const byId = await createIntegration(deps(), cli, { name: 'Revoke by id' });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await postReadings(bearer(byName.token))).statusCode).toBe(200);
    expect((await postReadings(bearer(byId.token))).statusCode).toBe(200);

    await revokeIntegration(deps(), cli, { name: 'Revoke by name' });
    await revokeIntegration(deps(), cli, { id: byId.integration.id });

    for (const token of [byName.token, byId.token]) {
      const response = await postReadings(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'integrations.unauthorized' });
      expect(await authenticateIntegration(deps(), token)).toBeNull();
    }
    const audit = await listAuditRows(app.database.db, { action: 'integrations.revoke' });
    expect(audit.map((row) => row.changes)).toEqual(
      expect.arrayContaining([{ name: 'Revoke by name' }, { name: 'Revoke by id' }]),
    );
    expect(audit.every((row) => row.actorVetId === null)).toBe(true);
    const listed = await listIntegrations(deps());
    expect(listed.find((row) => row.id === byId.integration.id)?.revokedAt).toBeInstanceOf(Date);

    await expect(revokeIntegration(deps(), cli, { id: byId.integration.id })).rejects.toMatchObject({
      statusCode: 404,
      code: 'integrations.not_found',
    });
    await expect(revokeIntegration(deps(), cli, { name: 'Never existed' })).rejects.toMatchObject({
      code: 'integrations.not_found',
    });
  });
});

describe('POST /v1/trackers/readings', () => {
  it('refuses a request without a token, with a wrong scheme or an unknown token', async () => {
    const { token } = await createIntegration(deps(), cli, { name: 'Schemes' });
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer vbi_not-a-real-token' },
      { authorization: token },
    ];
    for (const headers of attempts) {
      const response = await postReadings(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'A valid integration token is required (Authorization: Bearer vbi_…)',
        code: 'integrations.unauthorized',
      });
    }
  });

  it("does not accept a vet's session, in the cookie or as a bearer token", async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const withCookie = await postReadings({}, cookies);
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json().code).toBe('integrations.unauthorized');
    const withBearer = await postReadings({ authorization: `Bearer ${cookies.vb_access}` });
    expect(withBearer.statusCode).toBe(401);
    expect(withBearer.json().code).toBe('integrations.unauthorized');
  });

  it('checks the token before reading the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/trackers/readings',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
  });
});
