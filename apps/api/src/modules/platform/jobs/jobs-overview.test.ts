import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { AUTH_PURGE_QUEUE } from '../../core/auth/auth.jobs.ts';
import { listAuditRows } from '../audit/audit.repository.ts';
import { JOBS_SCHEMA } from './jobs.service.ts';

// A queue of the test's own, with no worker: its jobs stay where the test puts them.
const QUEUE = 'test.reports';

const context = useTestApp();
let app: TestApp;
let head: Record<string, string>;
let regular: Record<string, string>;

/** A job failed for good with `message`, through pg-boss's own calls (as a worker's throw does). */
async function failedJob(message: string): Promise<string> {
  const id = await app.jobs.boss.send(QUEUE, { week: 47 }, { retryLimit: 0 });
  if (!id) throw new Error('not queued');
  await app.jobs.boss.fail(QUEUE, id, new Error(message));
  return id;
}

beforeAll(async () => {
  app = context.app;
  await app.jobs.boss.createQueue(QUEUE);
  head = await loginAs(app, (await createTestVet(app, { kind: 'head' })).email);
  regular = await loginAs(app, (await createTestVet(app, { kind: 'regular' })).email);
});

const overview = (cookies: Record<string, string>) => app.inject({ method: 'GET', url: '/v1/jobs', cookies });
const retry = (cookies: Record<string, string>, id: string, queue = QUEUE) =>
  app.inject({ method: 'POST', url: `/v1/jobs/${queue}/${id}/retry`, cookies });

describe('the jobs overview', () => {
  it('shows a head vet every queue with its waiting, running and recently failed jobs, and the failures with their errors', async () => {
    const failed = await failedJob('SMTP said 550: mailbox unavailable');
    await app.jobs.boss.send(QUEUE, { week: 48 });
    const response = await overview(head);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.queues).toContainEqual({ name: QUEUE, queued: 1, active: 0, failedLast24h: 1 });
    // Queues the app defines are listed even when idle; pg-boss's own are not.
    expect(body.queues.map((queue: { name: string }) => queue.name)).toContain(AUTH_PURGE_QUEUE);
    expect(body.queues.some((queue: { name: string }) => queue.name.startsWith('__pgboss'))).toBe(false);
    expect(body.failures[0]).toEqual({
      uuid: failed,
      queue: QUEUE,
      failedAt: { seconds: expect.any(Number) },
      attempts: 1,
      error: 'SMTP said 550: mailbox unavailable',
    });
  });

  it('counts only the last 24 hours as recently failed', async () => {
    const old = await failedJob('old failure');
    await app.database.db.execute(
      sql`update ${sql.raw(`${JOBS_SCHEMA}.job`)} set completed_on = now() - interval '25 hours' where id = ${old}`,
    );
    const before = (await overview(head)).json().queues.find((q: { name: string }) => q.name === QUEUE);
    await failedJob('new failure');
    const after = (await overview(head)).json().queues.find((q: { name: string }) => q.name === QUEUE);
    expect(after.failedLast24h).toBe(before.failedLast24h + 1);
  });

  it('is refused to a vet who is not a head vet', async () => {
    const response = await overview(regular);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'jobs.forbidden',
      error: 'Only head vets can see the jobs',
    });
    expect((await app.inject({ method: 'GET', url: '/v1/jobs' })).statusCode).toBe(401);
  });
});

describe('retrying a failed job', () => {
  it('puts it back in its queue, once, and audits who did it', async () => {
    const id = await failedJob('timeout');
    const response = await retry(head, id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await app.jobs.boss.getJobById(QUEUE, id))?.state).toBe('retry');
    expect((await overview(head)).json().failures.map((f: { uuid: string }) => f.uuid)).not.toContain(id);
    const audit = await listAuditRows(app.database.db, { action: 'jobs.retry', entityId: id });
    expect(audit).toHaveLength(1);

    const again = await retry(head, id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('jobs.failed_job_not_found');
  });

  it('is refused to a vet who is not a head vet, and the job stays failed', async () => {
    const id = await failedJob('timeout');
    const response = await retry(regular, id);
    expect(response.statusCode).toBe(403);
    expect((await app.jobs.boss.getJobById(QUEUE, id))?.state).toBe('failed');
  });

  it('answers 404 for a job that is not there or not failed, 400 for a malformed queue', async () => {
    expect((await retry(head, '0190a0e4-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const waiting = await app.jobs.boss.send(QUEUE, {});
    expect((await retry(head, String(waiting))).statusCode).toBe(404);
    expect((await retry(head, '0190a0e4-0000-7000-8000-000000000000', 'no%20such%20queue')).statusCode).toBe(
      400,
    );
  });
});
