import { spawn } from 'node:child_process';
import { Console } from 'node:console';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test/test-app.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { authenticateIntegration } from '../modules/platform/integrations/integrations.service.ts';
import type { CommandContext, ExitStatus } from './integration-cli.ts';
import { integrationCreate, integrationList, integrationRevoke } from './integration-commands.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-integration-cli-'));
const template = inject('databaseTemplate');
const env: Record<string, string | undefined> = {
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (template.engine === 'pglite') {
    // From the migrated template: creating a PGlite database from scratch takes seconds.
    const seeded = await openPglite({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([fs.readFileSync(template.dumpPath)]),
    });
    await seeded.close();
    return;
  }
  const database = await createPostgresTestDatabase(template);
  env.DATABASE_URL = database.url;
  dropDatabase = database.drop;
});

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase?.();
});

/** A command as its script runs it: a process of its own (the end-to-end check, once). */
async function spawnScript(
  script: string,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], {
    cwd: apiDir,
    env,
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

/**
 * A command called in process, as its script calls it, with the same arguments and environment and its
 * console written to `output` (stdout and stderr interleaved, as the spawned process's are read).
 */
async function run(
  command: (context: CommandContext) => Promise<ExitStatus>,
  argv: string[] = [],
): Promise<{ code: number; output: string }> {
  let output = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      output += chunk;
      done();
    },
  });
  const code = await command({ argv, env, console: new Console({ stdout: stream, stderr: stream }) });
  return { code, output };
}

/** Opens the same database as the commands (after they exit: PGlite allows one process at a time). */
async function authenticates(token: string): Promise<string | null> {
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return (await authenticateIntegration({ db: database.db }, token))?.id ?? null;
  } finally {
    await database.close();
  }
}

describe('the integration commands', () => {
  it('create a token shown once, list the integration, and revoke it', async () => {
    const usage = await run(integrationCreate);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run integration:create -- --name');

    // A token says what it is for: without --scopes, or with an unknown one, nothing is created.
    const unscoped = await run(integrationCreate, ['--name', 'Collar platform']);
    expect(unscoped.code).toBe(2);
    expect(unscoped.output).toContain('--scopes is required: one or more of readings, owner_app');
    const unknownScope = await run(integrationCreate, ['--name', 'Collar platform', '--scopes', 'admin']);
    expect(unknownScope.output).toContain('unknown scope "admin"');
    const noCompany = await run(integrationCreate, [
      '--name',
      'X',
      '--scopes',
      'readings',
      '--company',
      'NOPE',
    ]);
    expect(noCompany.code).toBe(1);

    const created = await spawnScript('integration-create.ts', [
      '--name',
      'Collar platform',
      '--scopes',
      'readings',
    ]);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('POST /v1/trackers/readings');
    expect(created.output).not.toContain('/v1/journal-entries');
    const token = created.output.match(/\b(vbi_[A-Za-z0-9_-]{43})\b/)?.[1] ?? '';
    const id = created.output.match(/Created integration "Collar platform" \(id ([0-9a-f-]{36})\)/)?.[1];
    expect(token).not.toBe('');
    expect(await authenticates(token)).toBe(id);

    const both = await run(integrationRevoke, ['--name', 'Collar platform', '--id', String(id)]);
    expect(both.code).toBe(2);

    const revoked = await run(integrationRevoke, ['--name', 'Collar platform']);
    expect(revoked.code, revoked.output).toBe(0);
    expect(revoked.output).toContain(`Revoked integration "Collar platform" (id ${id})`);
    expect(await authenticates(token)).toBeNull();
    const listed = await run(integrationList);
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(/Collar platform.*revoked.*readings/);
    expect(listed.output).not.toContain(token);
  }, 120_000);

  it.skipIf(template.engine !== 'pglite')(
    'refuse to touch a PGlite data directory that another process holds',
    async () => {
      // Another live process: the test's own pid would be the command's, whose lock it may take over.
      fs.writeFileSync(path.join(dataDir, 'vetboard.lock'), String(process.ppid));
      try {
        const refused = await run(integrationCreate, [
          '--name',
          'While the server runs',
          '--scopes',
          'readings',
        ]);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`in use by another Vetboard process (pid ${process.ppid})`);
      } finally {
        fs.rmSync(path.join(dataDir, 'vetboard.lock'), { force: true });
      }
    },
    60_000,
  );
});
