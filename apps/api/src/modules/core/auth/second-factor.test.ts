import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { auditLog } from '../../platform/audit/audit.table.ts';
import { recoveryCodes, totpFactors } from './auth.second-factor.table.ts';
import { writeSecondFactorRequirement } from './index.ts';

const context = useTestApp();
const { clock } = context;

type Cookies = Record<string, string>;

/** A pet that does not exist: 404 once past authentication, so a 403 or 401 is the session's. */
const A_PET = '/v1/pets/00000000-0000-4000-8000-000000000000';

function call(
  app: TestApp,
  cookies: Cookies,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: unknown,
  remoteAddress = '127.0.0.1',
) {
  const options: InjectOptions = {
    method,
    url,
    remoteAddress,
    cookies: { vb_access: cookies.vb_access ?? '' },
  };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

function codeAt(secret: string, at: Date): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: at.getTime() });
}

/** A vet with a confirmed authenticator app; answers its secret, recovery codes and a complete session. */
async function vetWithTotp(app: TestApp, kind: 'regular' | 'head' = 'regular') {
  const vet = await createTestVet(app, { kind });
  const cookies = await loginAs(app, vet.email);
  const start = await call(app, cookies, 'POST', '/v1/auth/second-factor/totp');
  expect(start.statusCode).toBe(200);
  const { secret, uri } = start.json() as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const confirm = await call(app, cookies, 'POST', '/v1/auth/second-factor/totp/confirm', {
    code: codeAt(secret, clock.now()),
  });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes: codes } = confirm.json() as { recoveryCodes: string[] };
  // 24 base32 letters: 120 random bits each, which a plain digest may keep (ASVS 5.0 6.5.2 asks 112).
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
  return { vet, secret, codes, cookies };
}

async function auditActions(app: TestApp, entityId: string) {
  const rows = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  return rows.map((row) => row.action);
}

afterEach(() => clock.reset());

describe('second factor: TOTP, recovery codes, two-step login', () => {
  it('stores the secret sealed, shows ten recovery codes once and keeps only their digests', async () => {
    const app = context.app;
    const { vet, secret, codes } = await vetWithTotp(app);
    expect(codes).toHaveLength(10);
    const [factor] = await app.database.db.select().from(totpFactors).where(eq(totpFactors.vetId, vet.id));
    expect(factor?.confirmedAt).not.toBeNull();
    expect(factor?.secretEncrypted).not.toContain(secret);
    const stored = await app.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.vetId, vet.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((row) => row.codeHash)).not.toContain(code);
    expect(await auditActions(app, vet.id)).toContain('auth.second_factor_enrolled');
  });

  it('opens a password-only session that can reach nothing but the second step, then completes it', async () => {
    const app = context.app;
    const { vet, secret } = await vetWithTotp(app);
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: vet.email, password: 'correct horse battery staple' },
    });
    expect(login.json().secondFactor).toBe('verify');
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const pets = await call(app, cookies, 'GET', A_PET);
    expect(pets.statusCode).toBe(403);
    expect(pets.json().code).toBe('auth.second_factor_pending');
    // A stolen password must not be able to add a factor of the thief's.
    expect((await call(app, cookies, 'POST', '/v1/auth/second-factor/totp')).statusCode).toBe(403);
    expect((await call(app, cookies, 'GET', '/v1/auth/vet')).statusCode).toBe(200);
    const status = await call(app, cookies, 'GET', '/v1/auth/second-factor');
    expect(status.json().state).toBe('verify');

    // Next time step: the code used at enrolment is spent.
    clock.set(new Date(Date.now() + 30_000));
    const wrong = await call(app, cookies, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('auth.invalid_second_factor_code');
    const ok = await call(app, cookies, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: codeAt(secret, clock.now()),
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(app, cookies, 'GET', A_PET)).statusCode).toBe(404);
    const after = (await call(app, cookies, 'GET', '/v1/auth/second-factor')).json();
    expect(after).toMatchObject({ state: null, recent: true, factors: ['password', 'totp'] });
    const sessionAudit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorVetId, vet.id), eq(auditLog.action, 'auth.second_factor_failed')));
    expect(sessionAudit).toHaveLength(1);
  });

  it('takes a code of the step before or after (window 1), not two away, and never the same code twice', async () => {
    const app = context.app;
    const { vet, secret } = await vetWithTotp(app);
    const base = new Date(Date.now() + 5 * 60_000);
    clock.set(base);
    const cookies = await loginAs(app, vet.email);
    const farPast = codeAt(secret, new Date(base.getTime() - 60_000));
    const refused = await call(app, cookies, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: farPast,
    });
    expect(refused.statusCode).toBe(400);
    const previous = codeAt(secret, new Date(base.getTime() - 30_000));
    const accepted = await call(app, cookies, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: previous,
    });
    expect(accepted.statusCode).toBe(200);

    const other = await loginAs(app, vet.email);
    const replay = await call(app, other, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: previous,
    });
    expect(replay.statusCode).toBe(400);
    const next = codeAt(secret, new Date(base.getTime() + 30_000));
    expect(
      (await call(app, other, 'POST', '/v1/auth/second-factor', { method: 'totp', code: next })).statusCode,
    ).toBe(200);
    const reasons = (
      await app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorVetId, vet.id), eq(auditLog.action, 'auth.second_factor_failed')))
    ).map((row) => row.changes.reason);
    expect(reasons).toContain('replayed_code');
  });

  it('takes each recovery code once', async () => {
    const app = context.app;
    const { vet, codes } = await vetWithTotp(app);
    const code = codes[0] ?? '';
    const first = await loginAs(app, vet.email);
    const used = await call(app, first, 'POST', '/v1/auth/second-factor', {
      method: 'recovery',
      code: code.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    expect((await call(app, first, 'GET', '/v1/auth/second-factor')).json().recoveryCodesLeft).toBe(9);
    const second = await loginAs(app, vet.email);
    const again = await call(app, second, 'POST', '/v1/auth/second-factor', { method: 'recovery', code });
    expect(again.statusCode).toBe(400);
    expect((await call(app, second, 'GET', A_PET)).statusCode).toBe(403);
  });

  it('throttles wrong codes like passwords: after ten, even the right code waits', async () => {
    const app = context.app;
    const { vet, secret } = await vetWithTotp(app);
    clock.set(new Date(Date.now() + 60_000));
    const cookies = await loginAs(app, vet.email);
    // An address of its own, so the other tests' wrong codes do not count here.
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++) {
      const wrong = await call(
        app,
        cookies,
        'POST',
        '/v1/auth/second-factor',
        { method: 'totp', code: '123456' },
        ip,
      );
      expect(wrong.statusCode).toBe(400);
    }
    const right = { method: 'totp', code: codeAt(secret, clock.now()) };
    const throttled = await call(app, cookies, 'POST', '/v1/auth/second-factor', right, ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('auth.too_many_code_attempts');
    // Per account too: another address, and a fresh password login, do not reset the count.
    const again = await loginAs(app, vet.email);
    const still = await call(app, again, 'POST', '/v1/auth/second-factor', right, '192.0.2.78');
    expect(still.statusCode).toBe(429);
  });
});

describe('second factor: the team requirement, step-up and the head vet’s reset', () => {
  it('sends a vet the team requires it of to set up, and lets that session do nothing else', async () => {
    const app = context.app;
    await writeSecondFactorRequirement(app.database.db, 'head_vets', new Date());
    try {
      const regular = await createTestVet(app, { kind: 'regular' });
      const regularLogin = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: regular.email, password: 'correct horse battery staple' },
      });
      expect(regularLogin.json().secondFactor).toBeNull();

      const head = await createTestVet(app, { kind: 'head' });
      const login = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: head.email, password: 'correct horse battery staple' },
      });
      expect(login.json().secondFactor).toBe('enrol');
      const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
      const pets = await call(app, cookies, 'GET', A_PET);
      expect(pets.statusCode).toBe(403);
      expect(pets.json().code).toBe('auth.second_factor_setup_required');
      const start = await call(app, cookies, 'POST', '/v1/auth/second-factor/totp');
      const { secret } = start.json() as { secret: string };
      const confirm = await call(app, cookies, 'POST', '/v1/auth/second-factor/totp/confirm', {
        code: codeAt(secret, clock.now()),
      });
      expect(confirm.statusCode).toBe(200);
      expect((await call(app, cookies, 'GET', A_PET)).statusCode).toBe(404);
    } finally {
      await writeSecondFactorRequirement(app.database.db, 'none', new Date());
    }
  });

  it('asks for a recent second factor before an integration token is revoked', async () => {
    const app = context.app;
    const { secret, cookies } = await vetWithTotp(app, 'head');
    const made = await call(app, cookies, 'POST', '/v1/integrations', {
      name: `Step-up probe ${Date.now()}`,
      scopes: ['readings'],
    });
    expect(made.statusCode).toBe(201);
    const { integration } = made.json() as { integration: { uuid: string } };
    clock.set(new Date(Date.now() + 11 * 60_000));
    const refused = await call(app, cookies, 'POST', `/v1/integrations/${integration.uuid}/revoke`);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'auth.recent_second_factor_required']);
    const listed = await call(app, cookies, 'GET', '/v1/integrations');
    const row = listed
      .json()
      .integrations.find((item: { uuid: string }) => item.uuid === integration.uuid) as {
      revokedAt: unknown;
    };
    expect(row.revokedAt).toBeNull();
    const given = await call(app, cookies, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: codeAt(secret, clock.now()),
    });
    expect(given.statusCode).toBe(200);
    const revoked = await call(app, cookies, 'POST', `/v1/integrations/${integration.uuid}/revoke`);
    expect(revoked.statusCode).toBe(200);
  });

  it('asks for a recent second factor before changing a vet’s kind, and takes the change once given', async () => {
    const app = context.app;
    const { secret, cookies } = await vetWithTotp(app, 'head');
    const colleague = await createTestVet(app, { kind: 'regular' });
    clock.set(new Date(Date.now() + 11 * 60_000));
    const refused = await call(app, cookies, 'PATCH', `/v1/vets/${colleague.id}`, { kind: 'head' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.recent_second_factor_required');
    // Not sensitive: a colleague's names need no second factor.
    expect(
      (await call(app, cookies, 'PATCH', `/v1/vets/${colleague.id}`, { firstName: 'Renamed' })).statusCode,
    ).toBe(200);
    const given = await call(app, cookies, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: codeAt(secret, clock.now()),
    });
    expect(given.statusCode).toBe(200);
    const changed = await call(app, cookies, 'PATCH', `/v1/vets/${colleague.id}`, { kind: 'head' });
    expect(changed.statusCode).toBe(200);
    const setting = await call(app, cookies, 'PUT', '/v1/auth/second-factor/requirement', {
      requirement: 'all',
    });
    expect(setting.statusCode).toBe(200);
    await writeSecondFactorRequirement(app.database.db, 'none', new Date());
    const audited = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.second_factor_requirement_changed'));
    expect(audited.at(-1)?.changes).toMatchObject({ after: { requirement: 'all' } });
  });

  it('asks for a recent second factor before removing one’s own', async () => {
    const app = context.app;
    const { vet, secret, cookies } = await vetWithTotp(app);
    clock.set(new Date(Date.now() + 11 * 60_000));
    expect((await call(app, cookies, 'DELETE', '/v1/auth/second-factor/totp')).statusCode).toBe(403);
    await call(app, cookies, 'POST', '/v1/auth/second-factor', {
      method: 'totp',
      code: codeAt(secret, clock.now()),
    });
    expect((await call(app, cookies, 'DELETE', '/v1/auth/second-factor/totp')).statusCode).toBe(200);
    expect(
      await app.database.db.select().from(totpFactors).where(eq(totpFactors.vetId, vet.id)),
    ).toHaveLength(0);
    expect(await auditActions(app, vet.id)).toContain('auth.second_factor_removed');
  });

  it('lets a head vet reset a colleague’s factors with a reason, ending their sessions; nobody else', async () => {
    const app = context.app;
    const { vet, cookies: theirs } = await vetWithTotp(app);
    const regular = await createTestVet(app, { kind: 'regular' });
    const regularCookies = await loginAs(app, regular.email);
    const refused = await call(app, regularCookies, 'POST', `/v1/auth/vets/${vet.id}/second-factor-reset`, {
      reason: 'Lost phone',
    });
    expect(refused.statusCode).toBe(403);
    const head = await createTestVet(app, { kind: 'head' });
    const headCookies = await loginAs(app, head.email);
    const noReason = await call(app, headCookies, 'POST', `/v1/auth/vets/${vet.id}/second-factor-reset`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const reset = await call(app, headCookies, 'POST', `/v1/auth/vets/${vet.id}/second-factor-reset`, {
      reason: 'Lost phone',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(app, theirs, 'GET', A_PET)).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: vet.email, password: 'correct horse battery staple' },
    });
    expect(login.json().secondFactor).toBeNull();
    const [row] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, vet.id), eq(auditLog.action, 'auth.second_factor_reset')));
    expect(row).toMatchObject({ actorVetId: head.id, changes: { reason: 'Lost phone', totp: true } });
  });
});
