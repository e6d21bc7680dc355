import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/password.ts';
import { insertVet } from '../src/modules/core/vets/vets.repository.ts';
import type { VetRow } from '../src/modules/core/vets/vets.table.ts';
import { databaseUrlFor } from './template.ts';
import { TestClock } from './test-clock.ts';

/** A fresh, migrated database for one test file: never the developer's ./data. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  if (template.engine === 'pglite') {
    return openPglite({ loadDataDir: new Blob([fs.readFileSync(template.dumpPath)]) });
  }
  const { url, drop } = await createPostgresTestDatabase(template);
  const database = await openPostgres(url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** A copy of the migrated PostgreSQL template, for tests that need a URL (e.g. a child process). */
export async function createPostgresTestDatabase(template: { adminUrl: string; templateName: string }) {
  const name = `vetboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.templateName}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(template.adminUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export const TEST_PUBLIC_URL = 'http://dashboard.test';

export function testConfig(env: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: 'low',
    PUBLIC_URL: TEST_PUBLIC_URL,
    WEB_DIST_DIR: '/nonexistent-web-build',
    DATA_DIR: '/nonexistent-data-dir',
    ...env,
  });
}

/** `clock`: the time the app's date rules read; set it to test a rule on a given day. */
/** `database`: one the test made itself (e.g. a seeded copy); the app closes it with itself. */
export async function buildTestApp(
  env: Record<string, string> = {},
  clock: TestClock = new TestClock(),
  database?: Database,
) {
  database ??= await createTestDatabase();
  const app = await buildApp({ config: testConfig(env), database, logger: false, clock });
  await app.ready();
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * One app (and database) for the whole test file, closed after it. `clock` is the app's: the real time
 * until a test sets it (and then until it resets it), for rules that depend on the day.
 */
export function useTestApp(env: Record<string, string> = {}): {
  readonly app: TestApp;
  readonly clock: TestClock;
} {
  let app: TestApp | undefined;
  const clock = new TestClock();
  beforeAll(async () => {
    app = await buildTestApp(env, clock);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('useTestApp(): the app is only available inside tests');
      return app;
    },
    clock,
  };
}

/** GET /v1/auth/vet with an access token in the cookie, as the browser sends it. */
export function whoAmI(app: TestApp, accessToken: string | undefined) {
  return app.inject({ method: 'GET', url: '/v1/auth/vet', cookies: { vb_access: accessToken ?? '' } });
}

export function refreshWith(app: TestApp, refreshToken: string | undefined) {
  return app.inject({ method: 'POST', url: '/v1/auth/refresh', cookies: { vb_refresh: refreshToken ?? '' } });
}

export const TEST_PASSWORD = 'correct horse battery staple';

export async function createTestVet(
  app: TestApp,
  overrides: Partial<Omit<VetRow, 'passwordHash'>> & { password?: string | null } = {},
): Promise<VetRow> {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  return insertVet(app.database.db, {
    id: newId(),
    email: `vet-${randomBytes(4).toString('hex')}@clinic.test`,
    firstName: 'Test',
    lastName: 'Vet',
    kind: 'regular',
    passwordHash: password === null ? null : await hashPassword(password, 'low'),
    ...fields,
  });
}

/** Cookies of a `Set-Cookie` answer as name → value (an empty value means cleared). */
export function cookiesOf(response: {
  cookies: Array<{ name: string; value: string }>;
}): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

export async function loginAs(app: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookiesOf(response);
}

/**
 * A session opened with a second factor, as a vet who set one up logs in (issue #47): the vet sets up
 * an authenticator app in a first session, then logs in again and gives the next time step's code.
 */
export async function loginWithSecondFactor(app: TestApp, email: string, password = TEST_PASSWORD) {
  const first = await loginAs(app, email, password);
  const inject = (cookies: Record<string, string>, url: string, payload?: Record<string, string>) =>
    app.inject({ method: 'POST', url, cookies: { vb_access: cookies.vb_access ?? '' }, payload });
  const start = await inject(first, '/v1/auth/second-factor/totp');
  const { secret } = start.json() as { secret: string };
  const code = (steps: number) =>
    OTPAuth.TOTP.generate({
      secret: OTPAuth.Secret.fromBase32(secret),
      timestamp: app.clock.now().getTime() + steps * 30_000,
    });
  const confirmed = await inject(first, '/v1/auth/second-factor/totp/confirm', { code: code(0) });
  if (confirmed.statusCode !== 200) throw new Error(`TOTP set-up failed: ${confirmed.body}`);
  const second = await loginAs(app, email, password);
  const verified = await inject(second, '/v1/auth/second-factor', { method: 'totp', code: code(1) });
  if (verified.statusCode !== 200) throw new Error(`second factor refused: ${verified.body}`);
  return second;
}
