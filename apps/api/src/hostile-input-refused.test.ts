import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '@vetboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../test/people-fixtures.ts';
import { buildTestApp, createTestVet, loginAs, type TestApp, useTestApp } from '../test/test-app.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app, { kind: 'head' });
  cookies = await loginAs(app, vet.email);
});

function expectNulRefused(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'request.invalid',
    details: expect.arrayContaining([{ path: field, message: NUL_MESSAGE }]),
  });
}

describe('a NUL character in any string a client sends', () => {
  it('is refused with a 400 naming the field at login, in list searches and in global search', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'head\u0000@clinic.test', password: 'whatever-it-is' },
    });
    expectNulRefused(login, 'email');
    for (const url of ['/v1/users', '/v1/vets', '/v1/betas', '/v1/users/export', '/v1/vets/export']) {
      expectNulRefused(await app.inject({ method: 'GET', url: `${url}?search=a%00b`, cookies }), 'search');
    }
    expectNulRefused(await app.inject({ method: 'GET', url: '/v1/search?q=%00', cookies }), 'q');
  });

  it('is refused in a weight note instead of reaching the database', async () => {
    const { family } = await createFamily(app.database.db);
    const pet = await createPet(app.database.db, { familyId: family.id });
    const response = await app.inject({
      method: 'POST',
      url: '/v1/weight-history',
      cookies,
      payload: {
        petUuid: pet.id,
        value: 9.5,
        measuredAt: { seconds: Math.floor(Date.now() / 1000) - 3600 },
        location: 'vet',
        note: 'before\u0000after',
      },
    });
    expectNulRefused(response, 'note');
  });
});

describe('a lone UTF-16 surrogate in any string a client sends', () => {
  function expectSurrogateRefused(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'request.invalid',
      details: expect.arrayContaining([{ path: field, message: LONE_SURROGATE_MESSAGE }]),
    });
  }

  it('is refused with a 400 naming the field at login and password reset, before any jsonb audit', async () => {
    for (const lone of ['\ud800', 'a\udfffb', '\udc00\ud800']) {
      const login = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'nobody@clinic.test', password: `secret${lone}` },
      });
      expectSurrogateRefused(login, 'password');
      const reset = await app.inject({
        method: 'POST',
        url: '/v1/auth/password-reset',
        payload: { email: `nobody${lone}@clinic.test` },
      });
      expectSurrogateRefused(reset, 'email');
    }
  });

  it('is refused in a weight note, while a well-formed pair (an emoji) is kept', async () => {
    const { family } = await createFamily(app.database.db);
    const pet = await createPet(app.database.db, { familyId: family.id });
    const weight = (note: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/weight-history',
        cookies,
        payload: {
          petUuid: pet.id,
          value: 9.5,
          measuredAt: { seconds: Math.floor(Date.now() / 1000) - 3600 },
          location: 'vet',
          note,
        },
      });
    expectSurrogateRefused(await weight('before\ud83dafter'), 'note');
    expect((await weight('good dog \ud83d\udc36')).statusCode).toBe(201);
  });
});

describe('the OpenAPI document', () => {
  it('refuses NUL in every string of every request: each one uses the contract’s shared text schema', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const unguarded: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      const types = Array.isArray(node.type) ? node.type : [node.type];
      const closed = node.enum || node.const !== undefined || node.format || node.$ref;
      const pattern = typeof node.pattern === 'string' ? new RegExp(node.pattern) : null;
      if (types.includes('string') && !closed && (!pattern || pattern.test('a\u0000b')))
        unguarded.push(where);
      for (const [key, value] of Object.entries(node)) {
        if (Array.isArray(value)) {
          for (const [i, item] of value.entries()) walk(item, `${where}.${key}[${i}]`);
        } else if (value && typeof value === 'object') walk(value, `${where}.${key}`);
      }
    };
    for (const [url, operations] of Object.entries<Record<string, Record<string, unknown>>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        walk(operation.parameters, `${method} ${url} parameters`);
        walk(operation.requestBody, `${method} ${url} body`);
      }
    }
    expect(unguarded).toEqual([]);
  });
});

describe('a CSV export', () => {
  it('answers an error, not a 200 file with only its header row, when its query fails', async () => {
    const { sendCsv } = await import('./lib/csv.ts');
    const Fastify = (await import('fastify')).default;
    const bare = Fastify();
    bare.get('/broken.csv', (_request, reply) =>
      sendCsv(reply, {
        filename: 'broken.csv',
        header: ['a'],
        // biome-ignore lint/correctness/useYield: fails like a query would, before its first row
        rows: (async function* () {
          throw new Error('database refused the query');
        })(),
        toLine: (row: string) => [row],
      }),
    );
    // Before the fix the 200 and header row went out, then the connection was cut.
    const response = await bare.inject({ method: 'GET', url: '/broken.csv' }).catch(() => null);
    await bare.close();
    expect(response?.statusCode).toBe(500);
    expect(response?.headers['content-type']).toMatch(/json/);
  });
});

describe('a path parameter longer than the router allows', () => {
  let withWeb: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>dashboard</title>');
    withWeb = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await withWeb?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers as the API (404 with the usual shape), not from the static file handler', async () => {
    const vet = await createTestVet(withWeb);
    const session = await loginAs(withWeb, vet.email);
    const long = 'a'.repeat(300);
    for (const [method, url] of [
      ['GET', `/v1/pets/${long}`],
      ['GET', `/v1/files/${long}`],
      ['PATCH', `/v1/diets/${long}`],
      ['DELETE', `/v1/diets/${long}`],
      ['GET', `/v1/pets/${long}/weight-history`],
    ] as const) {
      for (const jar of [session, {}]) {
        const response = await withWeb.inject({
          method,
          url,
          cookies: jar,
          payload: method === 'GET' ? undefined : {},
        });
        expect(`${method} ${url.slice(0, 30)} ${response.statusCode}`).toBe(
          `${method} ${url.slice(0, 30)} 404`,
        );
        expect(response.json()).toMatchObject({ error: expect.any(String), code: 'route.not_found' });
      }
    }
  });
});
