import { INTEGRATION_SCOPE_CALLS } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../audit/audit.repository.ts';
import { listIntegrations } from './integrations.service.ts';

const context = useTestApp();
let app: TestApp;
let head: Record<string, string>;
let headVetId: string;
let companySku: string;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app, { kind: 'head' });
  headVetId = vet.id;
  head = await loginAs(app, vet.email);
  companySku = (await createCompany(app.database.db)).sku;
});

const create = (cookies: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/integrations', cookies, payload });

type Operation = { security?: { integrationToken?: string[] }[] };

describe('integration tokens from the dashboard (issue #40 §5)', () => {
  it('lists exactly the calls the server takes an integration token on, scope by scope', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const tokenCalls = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => operation.security?.some((entry) => 'integrationToken' in entry))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const listed = Object.values(INTEGRATION_SCOPE_CALLS).flatMap(({ calls }) => calls);
    expect([...listed].sort()).toEqual(tokenCalls);

    // Each listed call refuses a token of the other scope as not granted: the list says which scope it needs.
    const readings = (await create(head, { name: 'Scope probe readings', scopes: ['readings'] })).json()
      .token;
    const ownerApp = (await create(head, { name: 'Scope probe owner app', scopes: ['owner_app'] })).json()
      .token;
    for (const [scope, { calls }] of Object.entries(INTEGRATION_SCOPE_CALLS)) {
      const other = scope === 'readings' ? ownerApp : readings;
      for (const call of calls) {
        const [method, path] = call.split(' ') as [string, string];
        const response = await app.inject({
          method: method as 'POST',
          url: path.replace('{id}', '00000000-0000-4000-8000-000000000000'),
          headers: { authorization: `Bearer ${other}` },
          payload: {},
        });
        expect([call, response.statusCode, response.json().code]).toEqual([
          call,
          403,
          'integrations.scope_not_granted',
        ]);
      }
    }
  });

  it('lets a head vet make a token shown once, list it with its last use, and revoke it', async () => {
    const made = await create(head, { name: '  Collar platform EU  ', scopes: ['readings'], companySku });
    expect(made.statusCode).toBe(201);
    const { integration, token } = made.json();
    expect(token).toMatch(/^vbi_/);
    expect(integration).toMatchObject({
      name: 'Collar platform EU',
      scopes: ['readings'],
      companySku,
      lastUsedAt: null,
      revokedAt: null,
    });

    // The token works on its call; its first use shows in the list (to the minute), and the list never has it.
    const used = await app.inject({
      method: 'POST',
      url: '/v1/trackers/readings',
      headers: { authorization: `Bearer ${token}` },
      payload: { readings: [] },
    });
    expect(used.statusCode).not.toBe(401);
    expect(used.statusCode).not.toBe(403);
    const listed = await app.inject({ method: 'GET', url: '/v1/integrations', cookies: head });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    expect(listed.body).not.toContain('tokenHash');
    const row = listed.json().integrations.find((item: { uuid: string }) => item.uuid === integration.uuid);
    expect(row.lastUsedAt).not.toBeNull();

    const revoked = await app.inject({
      method: 'POST',
      url: `/v1/integrations/${integration.uuid}/revoke`,
      cookies: head,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().integration.revokedAt).not.toBeNull();
    const afterRevoke = await app.inject({
      method: 'POST',
      url: '/v1/trackers/readings',
      headers: { authorization: `Bearer ${token}` },
      payload: { readings: [] },
    });
    expect(afterRevoke.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: `/v1/integrations/${integration.uuid}/revoke`,
      cookies: head,
    });
    expect(again.statusCode).toBe(404);

    // The revoked one moves below every active one.
    const order = (await app.inject({ method: 'GET', url: '/v1/integrations', cookies: head }))
      .json()
      .integrations.map((item: { revokedAt: unknown }) => item.revokedAt !== null);
    expect(order).toEqual([...order].sort((a, b) => Number(a) - Number(b)));

    // Audited as the head vet's, the token never in the log.
    const audit = [...(await listAuditRows(app.database.db, { entityId: integration.uuid }))].map((entry) => [
      entry.action,
      entry.actorVetId,
    ]);
    expect(audit).toEqual(
      expect.arrayContaining([
        ['integrations.create', headVetId],
        ['integrations.revoke', headVetId],
      ]),
    );
  });

  it('refuses a bad name, no scope, an unknown company and a taken name, writing nothing', async () => {
    const before = (await listIntegrations({ db: app.database.db })).length;
    const blank = await create(head, { name: ' ', scopes: ['readings'] });
    expect([blank.statusCode, blank.json().details[0].path]).toEqual([400, 'name']);
    const none = await create(head, { name: 'No scope', scopes: [] });
    expect([none.statusCode, none.json().details[0].path]).toEqual([400, 'scopes']);
    const unknown = await create(head, {
      name: 'Unknown company',
      scopes: ['owner_app'],
      companySku: 'NOPE',
    });
    expect([unknown.statusCode, unknown.json().code, unknown.json().details[0].path]).toEqual([
      400,
      'integrations.company_not_found',
      'companySku',
    ]);
    expect((await listIntegrations({ db: app.database.db })).length).toBe(before);
    expect((await create(head, { name: 'Owner app', scopes: ['owner_app'] })).statusCode).toBe(201);
    const taken = await create(head, { name: 'Owner app', scopes: ['readings'] });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'integrations.name_taken']);
    expect((await listIntegrations({ db: app.database.db })).length).toBe(before + 1);
  });

  it('is a head vet’s: a regular, B2B or partner vet gets 403 and changes nothing', async () => {
    const target = (await create(head, { name: 'Kept', scopes: ['readings'] })).json().integration;
    const before = (await listIntegrations({ db: app.database.db })).length;
    for (const kind of ['regular', 'b2b', 'partner'] as const) {
      const vet = await createTestVet(app, { kind, companySku: kind === 'regular' ? null : companySku });
      const cookies = await loginAs(app, vet.email);
      const responses = [
        await app.inject({ method: 'GET', url: '/v1/integrations', cookies }),
        await create(cookies, { name: `By a ${kind} vet`, scopes: ['readings'] }),
        await app.inject({ method: 'POST', url: `/v1/integrations/${target.uuid}/revoke`, cookies }),
      ];
      expect(responses.map((response) => [response.statusCode, response.json().code])).toEqual([
        [403, 'integrations.forbidden'],
        [403, 'integrations.forbidden'],
        [403, 'integrations.forbidden'],
      ]);
    }
    const after = await listIntegrations({ db: app.database.db });
    expect(after.length).toBe(before);
    expect(after.find((row) => row.id === target.uuid)?.revokedAt).toBeNull();
  });
});
