import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { findEmail, insertEmail, markEmail } from './mail.repository.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  createdByVetId?: string | null;
}

export interface Mailer {
  /** Records the e-mail in the caller's transaction; deliver it with `deliver` after commit. */
  enqueue(tx: DbOrTx, email: OutgoingEmail): Promise<string>;
  /** Sends a recorded e-mail in the background; the outcome is written back to the outbox. */
  deliver(id: string): void;
  /** Resolves when every background delivery has finished. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(deps: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { db, smtpUrl, from, logger } = deps;
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function send(id: string): Promise<void> {
    const email = await findEmail(db, id);
    if (!email) return;
    if (!transport) {
      // Without SMTP the outbox is the mailbox: the log shows the mail so a developer can follow links.
      logger.info(
        { to: email.to, subject: email.subject, text: email.text },
        'e-mail (no SMTP_URL configured)',
      );
      await markEmail(db, id, { status: 'logged' });
      return;
    }
    try {
      await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
      await markEmail(db, id, { status: 'sent' });
    } catch (error) {
      logger.error({ err: error, emailId: id }, 'e-mail delivery failed');
      await markEmail(db, id, { status: 'failed', error: (error as Error).message.slice(0, 500) });
    }
  }

  return {
    async enqueue(tx, email) {
      const id = newId();
      await insertEmail(tx, {
        id,
        to: email.to,
        subject: email.subject,
        text: email.text,
        createdByVetId: email.createdByVetId ?? null,
      });
      return id;
    },
    deliver(id) {
      const task = send(id)
        .catch((error) => logger.error({ err: error, emailId: id }, 'e-mail bookkeeping failed'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
    async drain() {
      await Promise.all([...inFlight]);
    },
    async close() {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}
