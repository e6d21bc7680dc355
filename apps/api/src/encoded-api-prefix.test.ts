import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../test/test-app.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vetId: string;
let vetEmail: string;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app, { kind: 'head' });
  vetId = vet.id;
  vetEmail = vet.email;
});

// A fresh session each time: an encoded logout that got through would have ended the last one.
beforeEach(async () => {
  cookies = await loginAs(app, vetEmail);
});

// The router decodes percent-escapes before matching, so each of these reaches the `/v1` handler.
const encodedPrefixes = ['/%761', '/v%31', '/%76%31'];
const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);

async function stateChangingOperations(): Promise<{ method: string; path: string }[]> {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const operations: { method: string; path: string }[] = [];
  for (const [template, byMethod] of Object.entries<Record<string, unknown>>(document.paths)) {
    const path = template.replace(/\{[^}]+\}/g, () => randomUUID());
    for (const method of Object.keys(byMethod)) {
      if (MUTATIONS.has(method)) operations.push({ method: method.toUpperCase(), path });
    }
  }
  return operations;
}

describe('a /v1 path whose prefix is percent-encoded', () => {
  it('is refused as cross-origin for every state-changing operation, like the plain path', async () => {
    const operations = await stateChangingOperations();
    expect(operations.length).toBeGreaterThan(50);
    const passed: string[] = [];
    for (const { method, path } of operations) {
      for (const prefix of ['/v1', ...encodedPrefixes]) {
        const url = prefix + path.slice('/v1'.length);
        const response = await app.inject({
          method: method as 'POST',
          url,
          cookies,
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          payload: {},
        });
        if (response.statusCode !== 403 || response.json().code !== 'request.cross_origin')
          passed.push(`${method} ${url} → ${response.statusCode}`);
      }
    }
    expect(passed).toEqual([]);
  });

  it('is refused with only a foreign Origin header (no Sec-Fetch-Site)', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/v%31/vets/${vetId}`,
      cookies,
      headers: { origin: 'https://evil.example' },
      payload: { firstName: 'Mallory' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('request.cross_origin');
    const vet = await app.inject({ method: 'GET', url: `/v1/vets/${vetId}`, cookies });
    expect(vet.json().vet.firstName).not.toBe('Mallory');
  });

  it('answers with Cache-Control: no-store, like the plain path', async () => {
    for (const prefix of ['/v1', ...encodedPrefixes]) {
      const response = await app.inject({ method: 'GET', url: `${prefix}/vets`, cookies });
      expect(response.statusCode, prefix).toBe(200);
      expect(response.headers['cache-control'], prefix).toBe('no-store');
    }
  });
});
