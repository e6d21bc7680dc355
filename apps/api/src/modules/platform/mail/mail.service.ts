import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { recordAudit } from '../audit/index.ts';
import { JOBS_SCHEMA, type Jobs } from '../jobs/index.ts';
import { findEmail, insertEmail, recordAttempt } from './mail.repository.ts';
import { type EmailContent, renderEmail } from './mail.template.ts';

export type { EmailContent, EmailTable } from './mail.template.ts';
export { renderEmail };

export const MAIL_QUEUE = 'mail.send';
/**
 * Five tries: the first at once, then four more whose waits double from ~1-2 minutes (pg-boss adds
 * jitter), so a mail server that is down for up to about half an hour still gets the mail.
 */
export const MAIL_RETRY = { limit: 4, delaySeconds: 80, backoff: true } as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY.limit + 1;

export interface OutgoingEmail {
  to: string;
  subject: string;
  content: EmailContent;
  createdByVetId?: string | null;
  /** A mail to a vet about pets: not sent once the vet may no longer see every one of them. */
  recipient?: { vetId: string; petIds: readonly string[] };
  attachments?: ReadonlyArray<{ filename: string; contentType: string; content: Buffer }>;
}

export interface Mailer {
  /**
   * Records the e-mail and queues its sending job in the caller's transaction: the mail exists and
   * will be sent exactly when the change that causes it commits.
   */
  enqueue(tx: DbOrTx, email: OutgoingEmail): Promise<string>;
  /** The mail exactly as `enqueue` would send it, for a preview before sending. */
  render(content: EmailContent): { text: string; html: string };
  /** Tests: resolves when no mail job is due or running (retries scheduled later are not waited for). */
  drain(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(deps: {
  db: Db;
  jobs: Jobs;
  smtpUrl: string | undefined;
  from: string;
  productName: string;
  logger: FastifyBaseLogger;
  /** Whether the vet may still see every one of these pets now (the access policy, wired by the app). */
  recipientMaySee: (vetId: string, petIds: readonly string[]) => Promise<boolean>;
}): Mailer {
  const { db, jobs, smtpUrl, from, logger } = deps;
  // A send cannot outlive its job (`expireInSeconds` below): a hung server is given up on and retried,
  // not left to hold the job while pg-boss's expiry retries it beside the first try.
  const transport: Transporter | null = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  const messageDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'vetboard.local';

  jobs.define<{ emailId: string }>({
    queue: MAIL_QUEUE,
    retry: MAIL_RETRY,
    // Delivery is at least once: a process killed after the server took the mail and before it was
    // recorded sends it again when the job expires. One minute (not five) bounds that delay, and the
    // Message-ID is the outbox row's, so every copy of one mail is the same message to the receiving side.
    expireInSeconds: 60,
    async handle({ emailId }, { retryCount, retryLimit }) {
      const email = await findEmail(db, emailId);
      // Sent already: a job retried after a crash that happened between sending and recording it.
      if (!email || email.status === 'sent' || email.status === 'logged') return;
      // Checked here rather than only when the mail was written: the digest is built at 08:00, but a
      // retry may come half an hour later, after a head vet turned its vet into a partner or disabled
      // them. Withdrawn, not rebuilt: the reminders page says the same, and the mail stays one message.
      if (email.recipientVetId && !(await deps.recipientMaySee(email.recipientVetId, email.petIds))) {
        await db.transaction(async (tx) => {
          await recordAttempt(tx, emailId, {
            status: 'failed',
            error: 'Withdrawn: its recipient may no longer see every pet it names',
          });
          await recordAudit(tx, systemActor(MAIL_QUEUE), {
            action: 'mail.withdrawn',
            entity: 'email',
            entityId: emailId,
            changes: { recipientVetUuid: email.recipientVetId, petUuids: email.petIds },
          });
        });
        logger.info({ emailId }, 'e-mail withdrawn: its recipient may no longer see a pet it names');
        return;
      }
      if (!transport) {
        // Without SMTP the outbox is the mailbox: the log shows the mail so a developer can follow links.
        logger.info(
          { to: email.to, subject: email.subject, text: email.text },
          'e-mail (no SMTP_URL configured)',
        );
        await recordAttempt(db, emailId, { status: 'logged' });
        return;
      }
      try {
        await transport.sendMail({
          from,
          messageId: `<${emailId}@${messageDomain}>`,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.attachments.length > 0
            ? {
                attachments: email.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: Buffer.from(file.contentBase64, 'base64'),
                })),
              }
            : {}),
        });
      } catch (error) {
        const lastTry = retryCount >= retryLimit;
        await recordAttempt(db, emailId, {
          status: lastTry ? 'failed' : 'queued',
          error: (error as Error).message.slice(0, 500),
        });
        logger.warn({ err: error, emailId, attempt: retryCount + 1 }, 'e-mail delivery failed');
        throw error;
      }
      await recordAttempt(db, emailId, { status: 'sent' });
    },
  });

  return {
    async enqueue(tx, email) {
      const id = newId();
      const { text, html } = renderEmail(email.content, deps.productName);
      await insertEmail(tx, {
        id,
        to: email.to,
        subject: email.subject,
        text,
        html,
        createdByVetId: email.createdByVetId ?? null,
        recipientVetId: email.recipient?.vetId ?? null,
        petIds: [...(email.recipient?.petIds ?? [])],
        attachments: (email.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          contentBase64: file.content.toString('base64'),
        })),
      });
      await jobs.send(tx, MAIL_QUEUE, { emailId: id });
      // The job is visible once the caller commits; look for it right after rather than at the next poll.
      setTimeout(() => jobs.wake(MAIL_QUEUE), 20).unref();
      return id;
    },
    render(content) {
      return renderEmail(content, deps.productName);
    },
    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(sql`
            select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
            where name = ${MAIL_QUEUE} and state in ('created', 'retry', 'active') and start_after <= now()`),
        );
        if (!row?.n) return;
        if (Date.now() > deadline) throw new Error(`${row.n} mail jobs still due after ${timeoutMs} ms`);
        jobs.wake(MAIL_QUEUE);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      transport?.close();
    },
  };
}
