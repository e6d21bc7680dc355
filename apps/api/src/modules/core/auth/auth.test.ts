import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  cookiesOf,
  createTestVet,
  loginAs,
  refreshWith,
  TEST_PASSWORD,
  type TestApp,
  useTestApp,
  whoAmI,
} from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { auditLog } from '../../platform/audit/audit.table.ts';
import { vets } from '../vets/vets.table.ts';
import { loginFailures, sessions } from './auth.table.ts';

const context = useTestApp();
let app: TestApp;
beforeAll(() => {
  app = context.app;
});

function login(payload: unknown, remoteAddress = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/v1/auth/login', payload: payload as object, remoteAddress });
}

describe('a vet logs in', () => {
  it('gets the session in httpOnly SameSite=Lax cookies and their profile without secrets', async () => {
    const vet = await createTestVet(app, { firstName: 'Ada', lastName: 'Moss', kind: 'head' });
    const response = await login({ email: vet.email, password: TEST_PASSWORD });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      vet: {
        uuid: vet.id,
        email: vet.email,
        firstName: 'Ada',
        lastName: 'Moss',
        imageUrl: null,
        kind: 'head',
        companySku: null,
        isRegularVet: false,
        isHeadVet: true,
        kindLabel: 'Head vet',
      },
      // The test database, like the demo seed, requires no second factor.
      secondFactor: null,
    });
    const access = response.cookies.find((cookie) => cookie.name === 'vb_access');
    const refresh = response.cookies.find((cookie) => cookie.name === 'vb_refresh');
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 899 });
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/v1/auth' });
    expect(refresh?.maxAge).toBeGreaterThan(29 * 24 * 3600);
    expect(access?.secure).toBeFalsy();
    expect(response.body).not.toMatch(/password|hash/i);
  });

  it('stores only digests of the tokens', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const rows = await app.database.db.select().from(sessions).where(eq(sessions.vetId, vet.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.accessTokenHash).not.toBe(cookies.vb_access);
    expect(rows[0]?.accessTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.refreshTokenHash).not.toBe(cookies.vb_refresh);
  });

  it('is recognised whatever the case of the e-mail', async () => {
    const vet = await createTestVet(app, { email: 'Mixed.Case@Clinic.test' });
    const response = await login({ email: '  MIXED.case@clinic.TEST ', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().vet.uuid).toBe(vet.id);
  });

  it('with a wrong password gets 401 "Invalid email or password" and no cookie', async () => {
    const vet = await createTestVet(app);
    const response = await login({ email: vet.email, password: 'not the password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid email or password', code: 'auth.invalid_credentials' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('with an unknown e-mail gets exactly the same answer', async () => {
    const response = await login({ email: 'nobody@clinic.test', password: 'whatever-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid email or password', code: 'auth.invalid_credentials' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('cannot log in while disabled, nor before choosing a password', async () => {
    const disabled = await createTestVet(app, { disabled: true });
    expect((await login({ email: disabled.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    const invited = await createTestVet(app, { password: null });
    expect((await login({ email: invited.email, password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('with missing or malformed fields gets a 400 naming each field', async () => {
    const missing = await login({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Invalid request', code: 'request.invalid' });
    expect(
      missing
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['email', 'password']);

    const wrongTypes = await login({ email: 42, password: 'x', role: 'admin' });
    expect(wrongTypes.statusCode).toBe(400);
    expect(
      wrongTypes
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['email', 'role']);
  });

  it('with a body that is not JSON gets a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The request body is not valid JSON',
      code: 'request.malformed_json',
    });
  });

  describe('over TLS, gets __Host- cookies (Secure, Path=/, no Domain) that authenticate', () => {
    for (const [how, env, headers] of [
      ['behind a trusted proxy', { TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' }],
      ['with an https PUBLIC_URL', { PUBLIC_URL: 'https://dashboard.test' }, {}],
    ] as const) {
      it(how, async () => {
        const httpsApp = await buildTestApp(env);
        try {
          const vet = await createTestVet(httpsApp);
          const response = await httpsApp.inject({
            method: 'POST',
            url: '/v1/auth/login',
            headers,
            payload: { email: vet.email, password: TEST_PASSWORD },
          });
          expect(response.statusCode).toBe(200);
          expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
            '__Host-vb_access',
            '__Host-vb_refresh',
          ]);
          for (const cookie of response.cookies) {
            expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
            expect(cookie.domain).toBeUndefined();
          }
          const jar = cookiesOf(response);
          const me = (cookies: Record<string, string>) =>
            httpsApp.inject({ method: 'GET', url: '/v1/auth/vet', headers, cookies });
          expect((await me({ '__Host-vb_access': jar['__Host-vb_access'] ?? '' })).json().uuid).toBe(vet.id);
          // The bare name is what anyone could plant over http or from a subdomain: not read over TLS.
          expect((await me({ vb_access: jar['__Host-vb_access'] ?? '' })).statusCode).toBe(401);

          const refreshed = await httpsApp.inject({
            method: 'POST',
            url: '/v1/auth/refresh',
            headers,
            cookies: { '__Host-vb_refresh': jar['__Host-vb_refresh'] ?? '' },
          });
          expect(refreshed.statusCode).toBe(200);
          expect(Object.keys(cookiesOf(refreshed)).sort()).toEqual(['__Host-vb_access', '__Host-vb_refresh']);

          const out = await httpsApp.inject({
            method: 'POST',
            url: '/v1/auth/logout',
            headers,
            cookies: cookiesOf(refreshed),
          });
          expect(out.statusCode).toBe(200);
          expect(cookiesOf(out)).toEqual({ '__Host-vb_access': '', '__Host-vb_refresh': '' });
          for (const cookie of out.cookies) expect(cookie).toMatchObject({ secure: true, path: '/' });
          expect((await me(cookiesOf(refreshed))).statusCode).toBe(401);
        } finally {
          await httpsApp.close();
        }
      });
    }
  });

  it('is recorded in the audit log, and so are failed attempts', async () => {
    const vet = await createTestVet(app);
    await login({ email: vet.email, password: 'wrong password!' }, '10.9.9.9');
    await login({ email: vet.email, password: TEST_PASSWORD }, '10.9.9.9');
    const failed = (await listAuditRows(app.database.db, { action: 'auth.login_failed' })).filter(
      (row) => row.entityId === vet.id,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      ip: '10.9.9.9',
      changes: { email: vet.email, reason: 'wrong_password' },
    });
    const logins = (await listAuditRows(app.database.db, { action: 'auth.login' })).filter(
      (row) => row.actorVetId === vet.id,
    );
    expect(logins).toHaveLength(1);
    expect(logins[0]?.entity).toBe('session');
    expect(logins[0]?.at).toBeInstanceOf(Date);
    expect(JSON.stringify(failed)).not.toContain('wrong password!');
  });
});

describe('the session', () => {
  it('is required by /v1 routes: no cookie gives 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/auth/vet' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required', code: 'auth.unauthenticated' });
  });

  it('identifies the vet through the cookie or an Authorization Bearer header', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const viaCookie = await whoAmI(app, cookies.vb_access);
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().uuid).toBe(vet.id);
    const viaBearer = await app.inject({
      method: 'GET',
      url: '/v1/auth/vet',
      headers: { authorization: `Bearer ${cookies.vb_access}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json().email).toBe(vet.email);
    const forged = await app.inject({
      method: 'GET',
      url: '/v1/auth/vet',
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('stops working once the access token has expired', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    await app.database.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.vetId, vet.id));
    const response = await whoAmI(app, cookies.vb_access);
    expect(response.statusCode).toBe(401);
  });

  it('stops working at once when the vet is disabled', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    await app.database.db.update(vets).set({ disabled: true }).where(eq(vets.id, vet.id));
    const response = await whoAmI(app, cookies.vb_access);
    expect(response.statusCode).toBe(401);
  });
});

describe('logging out', () => {
  it('revokes the session server-side and clears both cookies', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const response = await app.inject({ method: 'POST', url: '/v1/auth/logout', cookies });
    expect(response.statusCode).toBe(200);
    const cleared = cookiesOf(response);
    expect(cleared).toEqual({ vb_access: '', vb_refresh: '' });
    for (const cookie of response.cookies) expect(cookie.expires?.getTime()).toBeLessThan(Date.now());

    const oldAccess = await whoAmI(app, cookies.vb_access);
    expect(oldAccess.statusCode).toBe(401);
    const oldBearer = await app.inject({
      method: 'GET',
      url: '/v1/auth/vet',
      headers: { authorization: `Bearer ${cookies.vb_access}` },
    });
    expect(oldBearer.statusCode).toBe(401);
    const oldRefresh = await refreshWith(app, cookies.vb_refresh);
    expect(oldRefresh.statusCode).toBe(401);

    const logouts = await listAuditRows(app.database.db, { action: 'auth.logout' });
    expect(logouts.some((row) => row.actorVetId === vet.id)).toBe(true);
  });

  it('answers 200 even without a session, so a stale tab can always log out', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(cookiesOf(response)).toEqual({ vb_access: '', vb_refresh: '' });
  });
});

describe('refreshing the session', () => {
  it('rotates both tokens; the new access token works and the old refresh token is refused', async () => {
    const vet = await createTestVet(app);
    const first = await loginAs(app, vet.email);
    const refreshed = await refreshWith(app, first.vb_refresh);
    expect(refreshed.statusCode).toBe(200);
    const second = cookiesOf(refreshed);
    expect(second.vb_access).toBeTruthy();
    expect(second.vb_access).not.toBe(first.vb_access);
    expect(second.vb_refresh).not.toBe(first.vb_refresh);

    const withNew = await whoAmI(app, second.vb_access);
    expect(withNew.statusCode).toBe(200);
    const withOldAccess = await whoAmI(app, first.vb_access);
    expect(withOldAccess.statusCode).toBe(401);
  });

  it('keeps two tabs refreshing at the same moment logged in: both get the same new tokens', async () => {
    const vet = await createTestVet(app);
    const first = await loginAs(app, vet.email);
    const [tabA, tabB] = await Promise.all([
      refreshWith(app, first.vb_refresh),
      refreshWith(app, first.vb_refresh),
    ]);
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    expect(cookiesOf(tabB)).toEqual(cookiesOf(tabA));
    const { vb_access: access, vb_refresh: refresh } = cookiesOf(tabA);
    expect((await whoAmI(app, access)).statusCode).toBe(200);
    // A quick replay of the replaced token (within the grace) also gets that same successor…
    const replay = await refreshWith(app, first.vb_refresh);
    expect(replay.statusCode).toBe(200);
    expect(cookiesOf(replay)).toEqual(cookiesOf(tabA));
    // …and the session goes on: the successor rotates normally and the replaced access token stays dead.
    expect((await refreshWith(app, refresh)).statusCode).toBe(200);
    expect((await whoAmI(app, first.vb_access)).statusCode).toBe(401);
  });

  it('gives nothing for a replayed token once its successor was itself replaced', async () => {
    const vet = await createTestVet(app);
    const first = await loginAs(app, vet.email);
    const second = cookiesOf(await refreshWith(app, first.vb_refresh));
    const third = cookiesOf(await refreshWith(app, second.vb_refresh));
    const replay = await refreshWith(app, first.vb_refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.refresh_invalid');
    expect((await whoAmI(app, third.vb_access)).statusCode).toBe(200);
  });

  it('treats a replaced refresh token presented later as stolen and ends the session', async () => {
    const vet = await createTestVet(app);
    const first = await loginAs(app, vet.email);
    const refreshed = await refreshWith(app, first.vb_refresh);
    const second = cookiesOf(refreshed);
    await app.database.db
      .update(sessions)
      .set({ rotatedAt: new Date(Date.now() - 5 * 60 * 1000) })
      .where(eq(sessions.vetId, vet.id));

    const stolen = await refreshWith(app, first.vb_refresh);
    expect(stolen.statusCode).toBe(401);
    const legit = await whoAmI(app, second.vb_access);
    expect(legit.statusCode).toBe(401);
    const reuse = await listAuditRows(app.database.db, { action: 'auth.refresh_reuse_detected' });
    expect(reuse.some((row) => row.actorVetId === vet.id)).toBe(true);
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await app.inject({ method: 'POST', url: '/v1/auth/refresh' })).statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      cookies: { vb_refresh: 'made-up' },
    });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('guessing passwords', () => {
  it('is stopped with 429 after 10 failures on one account, even from many addresses', async () => {
    const vet = await createTestVet(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await login(
        { email: vet.email, password: `guess-${attempt}` },
        `10.1.0.${attempt + 1}`,
      );
      expect(response.statusCode).toBe(401);
    }
    // An address that took part in the guessing stays locked out, even with the right password…
    const blocked = await login({ email: vet.email, password: TEST_PASSWORD }, '10.1.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'Too many failed login attempts, please try again later',
      code: 'auth.too_many_attempts',
    });
    expect(blocked.headers['set-cookie']).toBeUndefined();
    expect(blocked.headers['retry-after']).toBe('900');
    // …and a wrong password from a fresh address is refused as locked, and spends that address's turn.
    expect((await login({ email: vet.email, password: 'guess-10' }, '10.1.2.1')).statusCode).toBe(429);
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '10.1.2.1')).statusCode).toBe(429);
  });

  it('does not lock the real owner out: the right password from an address with no recent failures gets in', async () => {
    const vet = await createTestVet(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      await login({ email: vet.email, password: `guess-${attempt}` }, `10.4.0.${attempt + 1}`);
    }
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '10.4.1.1')).statusCode).toBe(200);
  });

  it('lets an anonymous client grow the audit and failure tables only by a bounded amount per address', async () => {
    const ip = '10.5.0.1';
    const countFor = async () => ({
      audit: (await app.database.db.select().from(auditLog).where(eq(auditLog.ip, ip))).length,
      failures: (await app.database.db.select().from(loginFailures).where(eq(loginFailures.ip, ip))).length,
    });
    for (let attempt = 0; attempt < 60; attempt++) {
      await login({ email: `spray-${attempt}@clinic.test`, password: 'guess-password' }, ip);
    }
    // 10 failures, then one sampled record of the throttling for the whole window.
    expect(await countFor()).toEqual({ audit: 11, failures: 10 });
    const throttled = await listAuditRows(app.database.db, { action: 'auth.login_throttled' });
    expect(throttled.filter((row) => row.ip === ip)).toHaveLength(1);
  });

  it('keeps failure rows only as long as the throttle window needs them', async () => {
    await app.database.db.insert(loginFailures).values({
      id: newId(),
      email: 'old@clinic.test',
      ip: '10.6.0.1',
      at: new Date(Date.now() - 60 * 60 * 1000),
    });
    await login({ email: 'new@clinic.test', password: 'guess-password' }, '10.6.0.2');
    const old = await app.database.db.select().from(loginFailures).where(eq(loginFailures.ip, '10.6.0.1'));
    expect(old).toEqual([]);
  });

  it('is stopped with 429 after 10 failures from one address, across accounts', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await login(
        { email: `probe-${attempt}@clinic.test`, password: 'guess-password' },
        '10.2.0.1',
      );
      expect(response.statusCode).toBe(401);
    }
    const vet = await createTestVet(app);
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '10.2.0.1')).statusCode).toBe(429);
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('hears at most 20 guesses per account and window from addresses it never logged in from', async () => {
    const vet = await createTestVet(app);
    const failuresOf = async () =>
      (await app.database.db.select().from(loginFailures).where(eq(loginFailures.email, vet.email))).length;
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await login(
        { email: vet.email, password: `guess-${attempt}` },
        `10.8.0.${attempt + 1}`,
      );
      expect(response.statusCode).toBe(attempt < 10 ? 401 : 429);
    }
    // Each evaluated guess leaves one failure row: 20 of the 30, the last 10 were refused unheard.
    expect(await failuresOf()).toBe(20);
    const right = await login({ email: vet.email, password: TEST_PASSWORD }, '10.8.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('auth.too_many_attempts');
    expect(right.headers['retry-after']).toBe('900');
    expect(right.headers['set-cookie']).toBeUndefined();
    expect(await failuresOf()).toBe(20);
  });

  it('always hears the owner from an address they logged in from, a typo included', async () => {
    const vet = await createTestVet(app);
    const home = '10.9.9.9';
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, home)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 30; attempt++) {
      await login({ email: vet.email, password: `guess-${attempt}` }, `10.9.0.${attempt + 1}`);
    }
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '10.9.1.1')).statusCode).toBe(429);
    expect((await login({ email: vet.email, password: 'a typo at home' }, home)).statusCode).toBe(401);
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, home)).statusCode).toBe(200);
  });

  it('counts the IPv6 addresses of one /64 as one address', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await login(
        { email: `v6-probe-${attempt}@clinic.test`, password: 'guess-password' },
        `2001:db8:47:8::${(attempt + 1).toString(16)}`,
      );
      expect(response.statusCode).toBe(401);
    }
    const vet = await createTestVet(app);
    const sameNetwork = await login({ email: vet.email, password: TEST_PASSWORD }, '2001:db8:47:8:ffff::1');
    expect(sameNetwork.statusCode).toBe(429);
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '2001:db8:47:9::1')).statusCode).toBe(
      200,
    );
    const rows = await app.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.ip, '2001:db8:47:8::/64'));
    expect(rows).toHaveLength(10);
  });

  it('forgets the account failures after a successful login', async () => {
    const vet = await createTestVet(app);
    for (let attempt = 0; attempt < 9; attempt++) {
      await login({ email: vet.email, password: `typo-${attempt}` }, `10.3.0.${attempt + 1}`);
    }
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '10.3.1.1')).statusCode).toBe(200);
    expect((await login({ email: vet.email, password: 'one more typo' }, '10.3.1.2')).statusCode).toBe(401);
    expect((await login({ email: vet.email, password: TEST_PASSWORD }, '10.3.1.3')).statusCode).toBe(200);
  });
});
