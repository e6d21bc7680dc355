import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainPasswordResetMail } from '../../../../test/job-queue.ts';
import { startSmtpListener } from '../../../../test/smtp-listener.ts';
import {
  buildTestApp,
  createTestVet,
  loginAs,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  type TestApp,
  useTestApp,
  whoAmI,
} from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { JOBS_SCHEMA } from '../../platform/jobs/index.ts';
import { listEmailsTo } from '../../platform/mail/mail.repository.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { passwordResetTokens } from './auth.table.ts';

const context = useTestApp();
let app: TestApp;
beforeAll(() => {
  app = context.app;
});

const NEW_PASSWORD = 'a brand new passphrase';

async function requestReset(email: string, target = app) {
  return target.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email } });
}

/** The link from the newest mail to this address, as the vet would click it. */
async function tokenFromMail(email: string, target = app): Promise<string> {
  await drainPasswordResetMail(target);
  const [mail] = await listEmailsTo(target.database.db, email);
  const match = mail?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return match[1];
}

function confirm(token: string, password = NEW_PASSWORD) {
  return app.inject({ method: 'POST', url: '/v1/auth/password-reset/confirm', payload: { token, password } });
}

describe('a vet who forgot their password', () => {
  it('gets a 202 and an e-mail with a single-use link to /reset-password/{token}', async () => {
    const vet = await createTestVet(app);
    const response = await requestReset(vet.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message: 'If an account exists for this e-mail, a link to set a new password is on its way.',
    });
    await drainPasswordResetMail(app);
    const [mail] = await listEmailsTo(app.database.db, vet.email);
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/reset-password/`);
    expect(mail?.status).toBe('logged');
    const token = await tokenFromMail(vet.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [stored] = await app.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.vetId, vet.id));
    expect(stored?.tokenHash).not.toBe(token);
    const minutesValid = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesValid).toBeGreaterThan(59);
    expect(minutesValid).toBeLessThanOrEqual(60);
  });

  it('gets the same answer for an unknown e-mail, and no mail is sent', async () => {
    const before = await app.database.db.select().from(emailOutbox);
    const response = await requestReset('nobody-here@clinic.test');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message: 'If an account exists for this e-mail, a link to set a new password is on its way.',
    });
    await drainPasswordResetMail(app);
    expect(await app.database.db.select().from(emailOutbox)).toHaveLength(before.length);
    const audit = await listAuditRows(app.database.db, { action: 'auth.password_reset_requested' });
    expect(
      audit.some((row) => row.changes.email === 'nobody-here@clinic.test' && row.changes.matched === false),
    ).toBe(true);
  });

  it('sets a new password with the link, which ends every open session', async () => {
    const vet = await createTestVet(app);
    const session = await loginAs(app, vet.email);
    await requestReset(vet.email);
    const token = await tokenFromMail(vet.email);

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const oldSession = await whoAmI(app, session.vb_access);
    expect(oldSession.statusCode).toBe(401);
    const oldPassword = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: vet.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    await loginAs(app, vet.email, NEW_PASSWORD);

    const completed = await listAuditRows(app.database.db, {
      action: 'auth.password_reset_completed',
      entityId: vet.id,
    });
    expect(completed).toHaveLength(1);
    expect(completed[0]?.changes).toEqual({ password: '[redacted]', sessionsRevoked: 1 });
  });

  it('cannot use the same link twice', async () => {
    const vet = await createTestVet(app);
    await requestReset(vet.email);
    const token = await tokenFromMail(vet.email);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'This password reset link is invalid or has expired',
      code: 'auth.reset_token_invalid',
    });
    await loginAs(app, vet.email, NEW_PASSWORD);
  });

  it('cannot use a link after 60 minutes', async () => {
    const vet = await createTestVet(app);
    await requestReset(vet.email);
    const token = await tokenFromMail(vet.email);
    await app.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.vetId, vet.id));
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('auth.reset_token_invalid');
    await loginAs(app, vet.email);
  });

  it('can only use the newest link: asking again invalidates the earlier unused one', async () => {
    const vet = await createTestVet(app);
    await requestReset(vet.email);
    const older = await tokenFromMail(vet.email);
    await requestReset(vet.email);
    const newer = await tokenFromMail(vet.email);
    expect(newer).not.toBe(older);
    const refused = await confirm(older);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'auth.reset_token_invalid' });
    expect((await confirm(newer)).statusCode).toBe(200);
  });

  it('gets 400 for a made-up token', async () => {
    const response = await confirm('this-token-was-never-issued');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('auth.reset_token_invalid');
  });

  it('must choose at least 12 characters, and a refused password leaves the link usable', async () => {
    const vet = await createTestVet(app);
    await requestReset(vet.email);
    const token = await tokenFromMail(vet.email);
    const short = await confirm(token, 'too short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: 'Invalid request',
      code: 'request.invalid',
      details: [{ path: 'password', message: 'Password must be at least 12 characters' }],
    });
    await loginAs(app, vet.email);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('receives the mail through SMTP when SMTP_URL is set, and the delivery is recorded', async () => {
    const smtp = await startSmtpListener();
    const { received } = smtp;
    const smtpApp = await buildTestApp({ SMTP_URL: smtp.url });
    try {
      const vet = await createTestVet(smtpApp);
      expect((await requestReset(vet.email, smtpApp)).statusCode).toBe(202);
      const token = await tokenFromMail(vet.email, smtpApp);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${vet.email}`);
      expect(received[0]?.replace(/=\r?\n/g, '')).toContain(token);
      const [mail] = await listEmailsTo(smtpApp.database.db, vet.email);
      expect(mail?.status).toBe('sent');
      expect(mail?.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtpApp.close();
      await smtp.close();
    }
  });
});

describe('the answer to a reset request', () => {
  /** Rows a request could write before answering: links, mails, audit and queued jobs. */
  async function counts(target: TestApp) {
    const [row] = rowsOf<Record<string, number>>(
      await target.database.db.execute(sql`
        select (select count(*)::int from password_reset_tokens) as links,
               (select count(*)::int from email_outbox) as mails,
               (select count(*)::int from audit_log) as audit,
               (select count(*)::int from ${sql.raw(JOBS_SCHEMA)}.job where name = 'auth.password-reset') as resets,
               (select count(*)::int from ${sql.raw(JOBS_SCHEMA)}.job where name <> 'auth.password-reset') as other_jobs`),
    );
    return row;
  }

  it('comes after the same work for a known and an unknown e-mail: one queued job, nothing else', async () => {
    // No workers: what the request itself did stays visible, the job's part has not run yet.
    const quiet = await buildTestApp({ WORKERS: 'false' });
    try {
      const vet = await createTestVet(quiet);
      const jobsOf = async () =>
        rowsOf<{ data: { email: string; meta: Record<string, unknown> } }>(
          await quiet.database.db.execute(
            sql`select data from ${sql.raw(JOBS_SCHEMA)}.job where name = 'auth.password-reset' order by created_on`,
          ),
        );
      const writes = [];
      for (const email of [vet.email, 'nobody-at-all@clinic.test']) {
        const before = await counts(quiet);
        expect((await requestReset(email, quiet)).statusCode).toBe(202);
        const after = await counts(quiet);
        writes.push(
          Object.fromEntries(
            Object.keys(after ?? {}).map((k) => [k, (after?.[k] ?? 0) - (before?.[k] ?? 0)]),
          ),
        );
      }
      expect(writes[0]).toEqual({ links: 0, mails: 0, audit: 0, resets: 1, other_jobs: 0 });
      expect(writes[1]).toEqual(writes[0]);
      const queued = await jobsOf();
      expect(queued.map((job) => job.data.email)).toEqual([vet.email, 'nobody-at-all@clinic.test']);
      expect(Object.keys(queued[0]?.data.meta ?? {})).toEqual(Object.keys(queued[1]?.data.meta ?? {}));
    } finally {
      await quiet.close();
    }
  });
});
