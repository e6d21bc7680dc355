import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../test/people-fixtures.ts';
import { createTestVet, loginAs, testConfig } from '../../test/test-app.ts';
import { type App, buildApp } from '../app.ts';
import { writeSecondFactorRequirement } from '../modules/core/auth/index.ts';
import { reminders } from '../modules/records/reminders/reminders.table.ts';
import { migrateDatabase } from '../modules/registry.ts';
import { openPostgres } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * A PostgreSQL restart under write load (issue #47, point 1): the server ends every connection,
 * including those a request holds between two statements of its transaction. The test starts a cluster
 * of its own (the shared test server cannot be restarted under the other files), so it needs the
 * server's binaries; PostgreSQL refuses to run as root, so as root it runs them as `postgres`.
 */
const BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const haveBinaries = fs.existsSync(path.join(BIN, 'initdb')) && fs.existsSync(path.join(BIN, 'pg_ctl'));
const asRoot = process.getuid?.() === 0;

/**
 * Runs a server binary with its output (and the server's, which inherits it) appended to `log`, and
 * without blocking: the app's requests go on while the server stops and starts.
 */
async function pgCommand(binary: string, args: string[], log: string): Promise<void> {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, binary), ...args]]
    : [path.join(BIN, binary), args];
  const fd = fs.openSync(log, 'a');
  try {
    const child = spawn(file, argv, { stdio: ['ignore', fd, fd] });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0)
      throw new Error(`${binary} ${args.join(' ')} exited ${code}:\n${fs.readFileSync(log, 'utf8')}`);
  } finally {
    fs.closeSync(fd);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!haveBinaries)(
  `a PostgreSQL restart under writes (needs initdb and pg_ctl in ${BIN}; skipped without them)`,
  () => {
    let root: string;
    let dataDir: string;
    let serverOptions: string;
    let app: App;
    let cookies: Record<string, string>;
    let petUuid: string;
    const crashes: unknown[] = [];
    const recordCrash = (error: unknown) => crashes.push(error);
    const log = () => path.join(root, 'server.log');
    const pgCtl = (...args: string[]) =>
      pgCommand('pg_ctl', ['-D', dataDir, '-w', '-t', '30', ...args], log());

    beforeAll(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-restart-'));
      dataDir = path.join(root, 'data');
      if (asRoot) execFileSync('chown', ['postgres', root]);
      await pgCommand(
        'initdb',
        ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
        log(),
      );
      const port = await freePort();
      serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
      await pgCtl('-o', serverOptions, 'start');
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      const migrating = await openPostgres(url);
      await migrateDatabase(migrating);
      // A new installation asks head vets for a second factor; the writes here are a password session's.
      await writeSecondFactorRequirement(migrating.db, 'none', new Date());
      await migrating.close();
      app = await buildApp({
        config: testConfig({ DATABASE_URL: url }),
        database: await openPostgres(url),
        logger: false,
      });
      await app.ready();
      const vet = await createTestVet(app, { kind: 'head' });
      cookies = await loginAs(app, vet.email);
      const { family } = await createFamily(app.database.db);
      petUuid = (await createPet(app.database.db, { familyId: family.id, name: 'Luna' })).id;
      const first = await app.inject({ method: 'POST', url: '/v1/reminders', cookies, payload: reminder() });
      expect(first.statusCode, first.body).toBe(201);
      process.on('uncaughtException', recordCrash);
      process.on('unhandledRejection', recordCrash);
    }, 60_000);

    afterAll(async () => {
      process.off('uncaughtException', recordCrash);
      process.off('unhandledRejection', recordCrash);
      await app?.close();
      if (dataDir && fs.existsSync(path.join(dataDir, 'postmaster.pid')))
        await pgCtl('-m', 'immediate', 'stop');
      if (root) fs.rmSync(root, { recursive: true, force: true });
    });

    let sequence = 0;
    const reminder = () => {
      sequence += 1;
      return { petUuid, title: `Call back ${sequence}`, dueAt: { seconds: Math.floor(Date.now() / 1000) } };
    };

    /**
     * Writers create reminders (a transaction of several statements, an audit row, a domain event and
     * its notification) without pause while `disrupt` runs, then until each has had `after` answers in
     * a row of 201 since it returned.
     */
    async function writeThrough(disrupt: () => Promise<void>, after = 5) {
      const acknowledged: string[] = [];
      const refused: Array<{ status: number; body: unknown }> = [];
      let disrupted = false;
      const writer = async () => {
        let okSince = 0;
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && !(disrupted && okSince >= after)) {
          const response = await app.inject({
            method: 'POST',
            url: '/v1/reminders',
            cookies,
            payload: reminder(),
          });
          if (response.statusCode === 201) {
            acknowledged.push(response.json().reminder.uuid);
            if (disrupted) okSince += 1;
          } else {
            refused.push({ status: response.statusCode, body: response.json() });
            okSince = 0;
          }
        }
        return okSince;
      };
      const writers = Array.from({ length: 8 }, writer);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await disrupt();
      disrupted = true;
      const finalRuns = await Promise.all(writers);
      return { acknowledged, refused, finalRuns };
    }

    async function expectSurvived(result: Awaited<ReturnType<typeof writeThrough>>) {
      expect(crashes).toEqual([]);
      // The writes that met the restart failed, cleanly: a 503 in the usual shape, never a 500.
      expect(result.refused.length).toBeGreaterThan(0);
      for (const { status, body } of result.refused) {
        expect(status).toBe(503);
        expect(body).toEqual({ error: expect.any(String), code: 'database.unavailable' });
      }
      // Later ones succeed, on every writer.
      expect(result.finalRuns.every((run) => run >= 5)).toBe(true);
      // Nothing that was answered 201 is missing.
      const stored = await app.database.db
        .select({ id: reminders.id })
        .from(reminders)
        .where(inArray(reminders.id, result.acknowledged));
      expect(stored.length).toBe(result.acknowledged.length);
      // And no connection stayed checked out by a request that failed: the pool would run dry (and its
      // close wait for ever) after a few restarts. pg-boss may hold one for a moment, so wait for it.
      const pool = (app.database.db as unknown as { $client: { totalCount: number; idleCount: number } })
        .$client;
      const deadline = Date.now() + 3_000;
      while (pool.totalCount !== pool.idleCount && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(pool.totalCount - pool.idleCount, 'clients still checked out').toBe(0);
      // The live-event hub listens again, on one connection: a change after the restart reaches a stream.
      const listeners = async () => {
        const result = await app.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where application_name = 'vetboard-events'`,
        );
        return rowsOf<{ n: number }>(result)[0]?.n;
      };
      const listening = Date.now() + 5_000;
      while ((await listeners()) !== 1 && Date.now() < listening) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await listeners()).toBe(1);
    }

    it('survives `pg_ctl restart -m fast`: in-flight writes answer 503, later ones succeed, none acknowledged is lost', async () => {
      const result = await writeThrough(() => pgCtl('-m', 'fast', '-o', serverOptions, 'restart'));
      await expectSurvived(result);
    }, 30_000);

    it('survives `pg_ctl stop -m immediate` and a start (crash recovery)', async () => {
      const result = await writeThrough(async () => {
        await pgCtl('-m', 'immediate', 'stop');
        await pgCtl('-o', serverOptions, 'start');
      });
      await expectSurvived(result);
    }, 30_000);
  },
);
