import { VETS_FORBIDDEN_MESSAGE } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../../test/people-fixtures.ts';
import {
  cookiesOf,
  createTestVet,
  loginAs,
  refreshWith,
  TEST_PASSWORD,
  type TestApp,
  useTestApp,
  whoAmI,
} from '../../../../test/test-app.ts';
import type { VetRow } from './vets.table.ts';

const context = useTestApp();
let app: TestApp;
let head: VetRow;
let headCookies: Record<string, string>;
let regular: VetRow;
let regularCookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  head = await createTestVet(app, { kind: 'head' });
  headCookies = await loginAs(app, head.email);
  regular = await createTestVet(app, { kind: 'regular' });
  regularCookies = await loginAs(app, regular.email);
});

function patch(cookies: Record<string, string>, id: string, payload: object) {
  return app.inject({ method: 'PATCH', url: `/v1/vets/${id}`, cookies, payload });
}

function expectForbidden(response: { statusCode: number; json: () => { code: string; error: string } }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code: 'vets.forbidden', error: VETS_FORBIDDEN_MESSAGE });
}

describe('who may manage vets', () => {
  it('lets only head vets create vets', async () => {
    const payload = { email: 'new.one@clinic.test', firstName: 'New', lastName: 'One', kind: 'regular' };
    expectForbidden(await app.inject({ method: 'POST', url: '/v1/vets', cookies: regularCookies, payload }));
    const created = await app.inject({ method: 'POST', url: '/v1/vets', cookies: headCookies, payload });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('lets a vet edit their own names but not their own kind or company, nor another vet', async () => {
    expect((await patch(regularCookies, regular.id, { firstName: 'Renamed' })).statusCode).toBe(200);
    expectForbidden(await patch(regularCookies, regular.id, { kind: 'head' }));
    const company = await createCompany(app.database.db);
    expectForbidden(await patch(regularCookies, regular.id, { kind: 'b2b', companySku: company.sku }));
    expectForbidden(await patch(regularCookies, head.id, { lastName: 'Demoted' }));
    expectForbidden(await patch(regularCookies, head.id, { disabled: true }));
  });

  it('refuses another vet’s avatar upload before reading the file', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/vets/${head.id}/avatar`,
      cookies: regularCookies,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n',
    });
    expectForbidden(response);
  });

  it('lets a head vet change another vet’s kind but never their own', async () => {
    const other = await createTestVet(app, { kind: 'regular' });
    const promoted = await patch(headCookies, other.id, { kind: 'head' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().vet.kind).toBe('head');
    expectForbidden(await patch(headCookies, head.id, { kind: 'regular' }));
    expectForbidden(await patch(headCookies, head.id, { disabled: true }));
  });
});

describe('disabling a vet', () => {
  it('ends every session at once, and enabling again revives none of them', async () => {
    const vet = await createTestVet(app, { kind: 'regular' });
    const first = await loginAs(app, vet.email);
    const second = await loginAs(app, vet.email);
    expect((await whoAmI(app, first.vb_access)).statusCode).toBe(200);

    const disabled = await patch(headCookies, vet.id, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().vet.disabled).toBe(true);
    for (const session of [first, second]) {
      expect((await whoAmI(app, session.vb_access)).statusCode).toBe(401);
      expect((await refreshWith(app, session.vb_refresh)).statusCode).toBe(401);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: vet.email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);

    const enabled = await patch(headCookies, vet.id, { disabled: false });
    expect(enabled.json().vet.disabled).toBe(false);
    for (const session of [first, second]) {
      expect((await whoAmI(app, session.vb_access)).statusCode).toBe(401);
      expect((await refreshWith(app, session.vb_refresh)).statusCode).toBe(401);
    }
    const again = cookiesOf(
      await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: vet.email, password: TEST_PASSWORD },
      }),
    );
    expect((await whoAmI(app, again.vb_access)).statusCode).toBe(200);
  });
});
