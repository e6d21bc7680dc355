import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEventStream } from '../test/sse-client.ts';
import { createPostgresTestDatabase, createTestVet, TEST_PASSWORD, testConfig } from '../test/test-app.ts';
import { type App, buildApp } from './app.ts';
import { openPostgres } from './db/client.ts';
import { forgetCachedSessions } from './lib/session-cache.ts';
import { AUTH_PURGE_QUEUE } from './modules/core/auth/auth.jobs.ts';
import { auditLog } from './modules/platform/audit/audit.table.ts';
import { WEEKLY_REPORTS_QUEUE } from './modules/views/weekly-reports/weekly-reports.jobs.ts';

/**
 * Two API processes on one PostgreSQL, as the README describes them behind a reverse proxy: each
 * instance has its own pool, its own LISTEN connection, its own job workers and its own port, and every
 * request below goes over HTTP to one port or the other. Both run in this process, so the one thing they
 * could share outside PostgreSQL — the session cache of lib/session-cache.ts, a module variable — is
 * emptied before each request that must prove something crossed through the database.
 */
const template = inject('databaseTemplate');

// Every check of the schedules (each second here) takes part in the race pg-boss must settle.
const jobsTiming = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(template.engine !== 'postgres')(
  'two API instances on one PostgreSQL (PostgreSQL only: skipped unless TEST_DATABASE_URL is set, PGlite serves one process)',
  () => {
    const instances: App[] = [];
    let a: string;
    let b: string;
    let drop: (() => Promise<void>) | undefined;
    let startedAt: Date;
    let cookie: string;
    let vetId: string;

    const base = (app: App) => {
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    };

    beforeAll(async () => {
      if (template.engine !== 'postgres') return;
      // The schedule check below counts runs in one minute: start early enough in it to watch it.
      const second = new Date().getUTCSeconds();
      if (second >= 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      startedAt = new Date();
      const database = await createPostgresTestDatabase(template);
      drop = database.drop;
      for (let n = 0; n < 2; n += 1) {
        const app = await buildApp({
          config: testConfig({ DATABASE_URL: database.url, PURGE_SCHEDULE: '* * * * *' }),
          database: await openPostgres(database.url),
          logger: false,
          jobsTiming,
        });
        await app.listen({ host: '127.0.0.1', port: 0 });
        instances.push(app);
      }
      [a, b] = instances.map(base) as [string, string];
      const vet = await createTestVet(instances[0] as App, { kind: 'head' });
      vetId = vet.id;
      const login = await fetch(`${a}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: vet.email, password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      cookie = login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    }, 120_000);

    afterAll(async () => {
      for (const app of instances) await app.close();
      await drop?.();
    });

    it('a session made on A works on B', async () => {
      forgetCachedSessions();
      const onB = await fetch(`${b}/v1/auth/vet`, { headers: { cookie } });
      expect(onB.status).toBe(200);
      expect(((await onB.json()) as { uuid: string }).uuid).toBe(vetId);
    });

    it('a change made through A reaches a live client of B', async () => {
      const stream = await openEventStream(`${b}/v1/events`, { cookie });
      try {
        expect(stream.status).toBe(200);
        await stream.opened();
        forgetCachedSessions();
        const change = await fetch(`${a}/v1/vets/${vetId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ firstName: 'Renamed' }),
        });
        expect(change.status).toBe(200);
        const event = await stream.waitFor((e) => e.type === 'vet.changed' && e.id === vetId, 5_000);
        expect(event).toMatchObject({ type: 'vet.changed', entity: 'vet', id: vetId });
      } finally {
        stream.close();
      }
    });

    it('a file uploaded through A downloads from B', async () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
      forgetCachedSessions();
      const uploaded = await fetch(`${a}/v1/vets/${vetId}/avatar`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const { vet } = (await uploaded.json()) as { vet: { imageUrl: string } };
      const imageUrl = vet.imageUrl;

      forgetCachedSessions();
      const downloaded = await fetch(`${b}${imageUrl}`, { headers: { cookie } });
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(PNG)).toBe(true);
    });

    it('a schedule runs once per period, though both instances check it every second', async () => {
      const purgeRuns = () =>
        instances[0]?.database.db
          .select({ at: auditLog.at })
          .from(auditLog)
          .where(eq(auditLog.action, 'auth.expired_purged')) ?? [];
      const deadline = Date.now() + 15_000;
      while ((await purgeRuns()).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // Both instances go on checking (and racing to queue this minute's run) for several more seconds.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const runs = await purgeRuns();
      const minute = (at: Date) => Math.floor(at.getTime() / 60_000);
      expect(runs.map((run) => minute(run.at))).toEqual([minute(startedAt)]);
      const [queued] = await Promise.all(
        instances.map((app) => app.jobs.boss.getQueueSize(AUTH_PURGE_QUEUE)),
      );
      expect(queued).toBe(0);
      for (const app of instances) {
        const names = (await app.jobs.boss.getSchedules()).map((schedule) => schedule.name);
        expect(names).toContain(AUTH_PURGE_QUEUE);
        // The Monday weekly reports go through the same schedules, so they too run once per period.
        expect(names).toContain(WEEKLY_REPORTS_QUEUE);
      }
    }, 40_000);

    it('login throttling counts failures made on either instance', async () => {
      const email = 'nobody@clinic.test';
      for (let n = 0; n < 10; n += 1) {
        const refused = await fetch(`${a}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'wrong password, again' }),
        });
        expect(refused.status).toBe(401);
      }
      const onB = await fetch(`${b}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong password, again' }),
      });
      expect(onB.status).toBe(429);
    });
  },
);
