import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestVet, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { JOBS_SCHEMA } from '../../platform/jobs/jobs.service.ts';
import { AUTH_PURGE_QUEUE } from './auth.jobs.ts';
import { LOGIN_FAILURE_WINDOW_MS } from './auth.service.ts';
import { loginFailures, passwordResetTokens, sessions } from './auth.table.ts';

const context = useTestApp({ PURGE_SCHEDULE: '*/5 * * * *' });
const HOUR = 60 * 60 * 1000;

async function runJobNow(queue: string): Promise<string> {
  const { app } = context;
  const id = await app.jobs.send(app.database.db, queue, {});
  const deadline = Date.now() + 15_000;
  for (;;) {
    app.jobs.wake(queue);
    const [row] = rowsOf<{ state: string }>(
      await app.database.db.execute(
        sql`select state from ${sql.raw(JOBS_SCHEMA)}.job where name = ${queue} and id = ${id}`,
      ),
    );
    if (row?.state === 'completed' || row?.state === 'failed') return row.state;
    if (Date.now() > deadline) throw new Error(`job ${queue} still ${row?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the scheduled purge of expired sign-in data', () => {
  it('is scheduled with PURGE_SCHEDULE', async () => {
    const schedules = await context.app.jobs.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === AUTH_PURGE_QUEUE)?.cron).toBe('*/5 * * * *');
  });

  it('removes expired sessions, used or expired reset links and login failures past the window, and keeps the rest', async () => {
    const { db } = context.app.database;
    const vet = await createTestVet(context.app);
    const now = Date.now();
    const session = (refreshExpiresAt: number) => ({
      id: newId(),
      vetId: vet.id,
      accessTokenHash: newId(),
      accessExpiresAt: new Date(Math.min(refreshExpiresAt, now)),
      refreshTokenHash: newId(),
      refreshExpiresAt: new Date(refreshExpiresAt),
    });
    const expiredSession = session(now - HOUR);
    const liveSession = session(now + HOUR);
    await db.insert(sessions).values([expiredSession, liveSession]);
    const token = (expiresAt: number, usedAt: Date | null) => ({
      id: newId(),
      vetId: vet.id,
      tokenHash: newId(),
      expiresAt: new Date(expiresAt),
      usedAt,
    });
    const used = token(now + HOUR, new Date(now - 1000));
    const expired = token(now - 1000, null);
    const valid = token(now + HOUR, null);
    await db.insert(passwordResetTokens).values([used, expired, valid]);
    const failure = (at: number) => ({ id: newId(), email: vet.email, ip: '203.0.113.9', at: new Date(at) });
    const old = failure(now - LOGIN_FAILURE_WINDOW_MS - 60_000);
    const recent = failure(now - 60_000);
    await db.insert(loginFailures).values([old, recent]);

    expect(await runJobNow(AUTH_PURGE_QUEUE)).toBe('completed');

    const ids = async (table: typeof sessions | typeof passwordResetTokens | typeof loginFailures) =>
      (await db.select({ id: table.id }).from(table)).map((row) => row.id);
    const sessionIds = await ids(sessions);
    expect(sessionIds).toContain(liveSession.id);
    expect(sessionIds).not.toContain(expiredSession.id);
    const tokenIds = await ids(passwordResetTokens);
    expect(tokenIds).toContain(valid.id);
    expect(tokenIds).not.toContain(used.id);
    expect(tokenIds).not.toContain(expired.id);
    const failureIds = await ids(loginFailures);
    expect(failureIds).toContain(recent.id);
    expect(failureIds).not.toContain(old.id);

    const [audit] = await listAuditRows(db, { action: 'auth.expired_purged' });
    expect(audit?.actorVetId).toBeNull();
    expect(audit?.changes).toMatchObject({
      sessions: 1,
      resetLinks: 2,
      loginFailures: 1,
      actor: { type: 'system', name: AUTH_PURGE_QUEUE },
    });
  });
});
