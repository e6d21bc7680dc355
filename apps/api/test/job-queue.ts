import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/rows.ts';
import { JOBS_SCHEMA } from '../src/modules/platform/jobs/index.ts';
import type { TestApp } from './test-app.ts';

/** Resolves when no job of the queue is due or running (retries scheduled later are not waited for). */
export async function drainQueue(app: TestApp, queue: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = rowsOf<{ n: number }>(
      await app.database.db.execute(sql`
        select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
        where name = ${queue} and state in ('created', 'retry', 'active') and start_after <= now()`),
    );
    if (!row?.n) return;
    if (Date.now() > deadline) throw new Error(`${row.n} ${queue} jobs still due after ${timeoutMs} ms`);
    app.jobs.wake(queue);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The e-mail of a password reset request is written by its job, then sent by the mail job. */
export async function drainPasswordResetMail(app: TestApp): Promise<void> {
  await drainQueue(app, 'auth.password-reset');
  await app.mailer.drain();
}
