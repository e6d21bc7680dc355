import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSmtpListener } from '../test/smtp-listener.ts';
import { createPostgresTestDatabase } from '../test/test-app.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-server-'));
const template = inject('databaseTemplate');
const env: Record<string, string | undefined> = {
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  PASSWORD_HASH_COST: 'low',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  DATABASE_URL: '',
};
/**
 * Each child loads the whole app through tsx. In the PostgreSQL pass, beside the browser tests (load
 * average ~13 on two cores; 28 Nov 2026), the two tests that start servers took 69 and 81 s and the
 * refusal of a bad setting over 30 s, against 14-30 s and 5 s in the PGlite pass: these limits are there
 * to catch a hang, not a slow machine.
 */
const STARTED_WITHIN_MS = 120_000;
/** A test here: up to two starts, and what it does with them. */
const STARTS_TEST_MS = 3 * STARTED_WITHIN_MS;
const children: ChildProcess[] = [];
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (template.engine !== 'postgres') return;
  const database = await createPostgresTestDatabase(template);
  env.DATABASE_URL = database.url;
  dropDatabase = database.drop;
});

function run(script: string, args: string[] = [], extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiDir,
    env: { ...env, ...extraEnv },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = output.match(pattern);
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${pattern}; output so far:\n${output}`);
  };
  return { child, exited, waitFor, output: () => output };
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase?.();
});

describe('a real install', { timeout: STARTS_TEST_MS }, () => {
  it('gets its first account from vet:create, starts without demo data, and shuts down cleanly', async () => {
    const create = run('src/cli/vet-create.ts', [
      '--email',
      'founder@clinic.test',
      '--kind',
      'head',
      '--first-name',
      'Mira',
    ]);
    expect(await create.exited).toBe(0);
    const link = create.output().match(/https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]+)/);
    expect(create.output()).toContain('Created head vet founder@clinic.test');
    expect(link?.[1]).toBeTruthy();

    const server = run('src/server.ts');
    const [, url] = await server.waitFor(/running at (http:\/\/\S+)/, STARTED_WITHIN_MS);
    expect(server.output()).not.toContain('Demo login');
    expect(server.output()).toContain('E-mail: no SMTP_URL, so e-mails are kept in the outbox and printed');

    if (template.engine === 'pglite') {
      const second = run('src/server.ts');
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another Vetboard process \(pid \d+\)/);
    }

    const post = (route: string, body: unknown) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/v1/auth/password-reset/confirm', {
          token: link?.[1],
          password: 'first account passphrase',
        })
      ).status,
    ).toBe(200);
    const login = await post('/v1/auth/login', {
      email: 'founder@clinic.test',
      password: 'first account passphrase',
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { vet: unknown }).vet).toMatchObject({
      firstName: 'Mira',
      kind: 'head',
      kindLabel: 'Head vet',
    });
    const demo = await post('/v1/auth/login', {
      email: 'head.vet@example.com',
      password: 'vetboard-demo-2026',
    });
    expect(demo.status).toBe(401);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'vetboard.lock'))).toBe(false);
  });

  it('sends after a restart the mail of a change committed by a process killed before delivering it', async () => {
    const smtp = await startSmtpListener();
    const { received } = smtp;
    const smtpUrl = smtp.url;
    try {
      // The first process commits the reset (token, mail row and its job) and dies before any worker
      // of its own could send it: WORKERS=false, then SIGKILL, no shutdown of any kind.
      const first = run('src/server.ts', [], { SMTP_URL: smtpUrl, WORKERS: 'false' });
      const [, url] = await first.waitFor(/running at (http:\/\/\S+)/, STARTED_WITHIN_MS);
      const reset = await fetch(`${url}/v1/auth/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'founder@clinic.test' }),
      });
      expect(reset.status).toBe(202);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(received).toHaveLength(0);

      const second = run('src/server.ts', [], { SMTP_URL: smtpUrl });
      await second.waitFor(/running at (http:\/\/\S+)/, STARTED_WITHIN_MS);
      const deadline = Date.now() + 60_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: founder@clinic.test');
      expect(received[0]?.replace(/=\r?\n/g, '')).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('refuses to start with a bad setting, naming the variable', async () => {
    const bad = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...env, PORT: 'eighty' },
    });
    let output = '';
    bad.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => bad.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT');
  });
});
