import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainQueue } from '../../../../test/job-queue.ts';
import { startSmtpListener } from '../../../../test/smtp-listener.ts';
import { buildTestApp, createTestVet, type TestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { JOBS_SCHEMA } from '../jobs/jobs.service.ts';
import { listEmailsTo } from './mail.repository.ts';
import { MAIL_MAX_ATTEMPTS, MAIL_QUEUE, MAIL_RETRY } from './mail.service.ts';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;

beforeAll(async () => {
  smtp = await startSmtpListener();
  app = await buildTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp.close();
});

interface JobRow {
  state: string;
  retry_count: number;
  delay_seconds: number;
}

async function mailJob(emailId: string): Promise<JobRow | undefined> {
  const [row] = rowsOf<JobRow>(
    await app.database.db.execute(sql`
      select state, retry_count, extract(epoch from start_after - now())::int as delay_seconds
      from ${sql.raw(JOBS_SCHEMA)}.job where name = ${MAIL_QUEUE} and data->>'emailId' = ${emailId}`),
  );
  return row;
}

/** The clock jumps to the retry: the waiting job becomes due now. */
async function skipRetryWait(emailId: string) {
  await app.database.db.execute(sql`
    update ${sql.raw(JOBS_SCHEMA)}.job set start_after = now()
    where name = ${MAIL_QUEUE} and data->>'emailId' = ${emailId} and state = 'retry'`);
}

async function requestReset(email: string) {
  const response = await app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email } });
  expect(response.statusCode).toBe(202);
  await drainQueue(app, 'auth.password-reset');
  const [mail] = await listEmailsTo(app.database.db, email);
  if (!mail) throw new Error('no mail queued');
  return mail;
}

describe('e-mail through the job queue', () => {
  it('retries a mail the SMTP server refused, with backoff, and records each try', async () => {
    const vet = await createTestVet(app);
    smtp.state.refusals = 1;
    const queued = await requestReset(vet.email);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, sentAt: null });

    await app.mailer.drain();
    const [afterRefusal] = await listEmailsTo(app.database.db, vet.email);
    expect(afterRefusal).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(afterRefusal?.lastError).toContain('try again later');
    const waiting = await mailJob(queued.id);
    expect(waiting?.state).toBe('retry');
    // First backoff step: between one and two retry delays (pg-boss adds jitter).
    expect(waiting?.delay_seconds).toBeGreaterThanOrEqual(MAIL_RETRY.delaySeconds - 2);
    expect(waiting?.delay_seconds).toBeLessThanOrEqual(2 * MAIL_RETRY.delaySeconds + 1);
    expect(smtp.state.received).toHaveLength(0);

    await skipRetryWait(queued.id);
    await app.mailer.drain();
    const [sent] = await listEmailsTo(app.database.db, vet.email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect((await mailJob(queued.id))?.state).toBe('completed');

    expect(smtp.state.received).toHaveLength(1);
    const message = smtp.state.received[0] ?? '';
    expect(message).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message).toMatch(/Content-Type: text\/plain/i);
    expect(message).toMatch(/Content-Type: text\/html/i);
    expect(message).toContain(`To: ${vet.email}`);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} refused tries: the mail is failed with the last error`, async () => {
    const vet = await createTestVet(app);
    smtp.state.refusals = MAIL_MAX_ATTEMPTS;
    const queued = await requestReset(vet.email);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await skipRetryWait(queued.id);
      await app.mailer.drain();
    }
    const [failed] = await listEmailsTo(app.database.db, vet.email);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, sentAt: null });
    expect(failed?.lastError).toContain('try again later');
    expect((await mailJob(queued.id))?.state).toBe('failed');
    smtp.state.refusals = 0;
  });

  it('sends every copy of one mail with the same Message-ID, its outbox row’s, so a re-delivery is one message', async () => {
    const vet = await createTestVet(app);
    smtp.state.received.length = 0;
    const queued = await requestReset(vet.email);
    await app.mailer.drain();
    // The process died after the server took it and before 'sent' was recorded: the job runs it again.
    await app.database.db.execute(sql`update email_outbox set status = 'queued' where id = ${queued.id}`);
    await app.jobs.send(app.database.db, MAIL_QUEUE, { emailId: queued.id });
    await app.mailer.drain();
    expect(smtp.state.received).toHaveLength(2);
    const ids = smtp.state.received.map((message) => /^Message-ID: (.+)$/im.exec(message)?.[1]?.trim());
    expect(ids).toEqual([`<${queued.id}@vetboard.local>`, `<${queued.id}@vetboard.local>`]);
  });

  it('queues nothing when the change that causes the mail rolls back', async () => {
    const vet = await createTestVet(app);
    await app.database.db
      .transaction(async (tx) => {
        await app.mailer.enqueue(tx, { to: vet.email, subject: 'never', content: { paragraphs: ['never'] } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await listEmailsTo(app.database.db, vet.email)).toHaveLength(0);
    const [jobs] = rowsOf<{ n: number }>(
      await app.database.db.execute(
        sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job where name = ${MAIL_QUEUE} and state = 'created'`,
      ),
    );
    expect(jobs?.n).toBe(0);
  });
});
