import { DEFAULT_DEMO_PASSWORD } from '../../../config.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { VetRow } from '../../../db/schema.ts';
import { newId } from '../../../lib/ids.ts';
import { hashPassword } from '../../../lib/password.ts';
import { weakPasswordReason } from '../../../lib/password-strength.ts';
import type { RequestMeta } from '../../../lib/request-meta.ts';
import { forgetCachedSessions } from '../../../lib/session-cache.ts';
import { hashToken, newOpaqueToken } from '../../../lib/tokens.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/index.ts';
import type { Jobs } from '../../platform/jobs/index.ts';
import { findVetAccountByEmail, findVetAccountById, setVetPasswordHash } from '../vets/index.ts';
import { authErrors } from './auth.errors.ts';
import {
  deleteUnusedPasswordResetTokens,
  findPasswordResetToken,
  insertPasswordResetToken,
  markPasswordResetTokenUsed,
  revokeVetSessions,
} from './auth.repository.ts';
import { type AuthDeps, auditActor, normalizeEmail, PASSWORD_RESET_TTL_MS } from './auth.service.ts';

export interface PasswordSetupLinkOptions {
  ttlMs: number;
  meta: RequestMeta | null;
  action: string;
  actor: AuditActor;
  /** A reset the vet asked for, or the invitation of a vet just created for them (its own wording). */
  purpose: 'reset' | 'invitation';
}

/** '30 minutes', '24 hours', '7 days': how long a link lasts, in the largest whole unit. */
export function linkLifetime(ttlMs: number): string {
  const minutes = Math.round(ttlMs / 60_000);
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

function setupLinkMail(
  purpose: PasswordSetupLinkOptions['purpose'],
  productName: string,
  vet: VetRow,
  link: string,
  ttlMs: number,
) {
  const lifetime = linkLifetime(ttlMs);
  if (purpose === 'invitation') {
    return {
      subject: `${productName}: your dashboard account`,
      content: {
        greeting: `Hello ${vet.firstName},`,
        paragraphs: [
          `An account on the ${productName} dashboard has been created for you, with this e-mail address.`,
          `Use this link to choose your password and log in. It works once and expires in ${lifetime}.`,
        ],
        action: { label: 'Choose your password', url: link },
        footer: [
          'If you were not expecting this account, you can ignore this e-mail: nobody can log in to it until a password is chosen.',
        ],
      },
    };
  }
  return {
    subject: `${productName}: set your password`,
    content: {
      greeting: `Hello ${vet.firstName},`,
      paragraphs: [
        `Use this link to set your ${productName} dashboard password. It works once and expires in ${lifetime}.`,
      ],
      action: { label: 'Set your password', url: link },
      footer: ['If you did not ask for this, you can ignore this e-mail.'],
    },
  };
}

/**
 * Writes a single-use token, its audit row and its e-mail inside the caller's transaction, so that
 * whatever the link is for (a new vet, a reset) commits or rolls back with it; the mail's sending job
 * is queued in the same transaction.
 */
export async function writePasswordSetupLink(
  { config, mailer, now }: Pick<AuthDeps, 'config' | 'mailer' | 'now'>,
  tx: DbOrTx,
  vet: VetRow,
  options: PasswordSetupLinkOptions,
): Promise<{ link: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now().getTime() + options.ttlMs);
  const link = `${config.publicUrl}/reset-password/${token}`;
  // Only the newest link works: an older one lying in a mailbox is no way in any more.
  await deleteUnusedPasswordResetTokens(tx, vet.id);
  await insertPasswordResetToken(tx, {
    id: newId(),
    vetId: vet.id,
    tokenHash: hashToken(token),
    expiresAt,
  });
  await recordAudit(
    tx,
    options.actor,
    {
      action: options.action,
      entity: 'vet',
      entityId: vet.id,
      changes: { email: vet.email, matched: true },
    },
    options.meta,
  );
  await mailer.enqueue(tx, {
    to: vet.email,
    ...setupLinkMail(options.purpose, config.productName, vet, link, options.ttlMs),
    createdByVetId: options.actor?.type === 'vet' ? options.actor.vetId : null,
  });
  return { link, expiresAt };
}

/**
 * Creates a single-use token and its e-mail in one transaction.
 * Also used by the `vet:create` command, which prints the link instead of relying on mail.
 */
export async function issuePasswordSetupLink(
  deps: AuthDeps,
  vet: VetRow,
  options: PasswordSetupLinkOptions,
): Promise<{ link: string; expiresAt: Date }> {
  return deps.db.transaction((tx) => writePasswordSetupLink(deps, tx, vet, options));
}

export const PASSWORD_RESET_QUEUE = 'auth.password-reset';

export interface PasswordResetJob {
  email: string;
  meta: RequestMeta;
}

/**
 * Answers after the same work whether or not the vet exists (issue #47, a 12 ms gap on PostgreSQL told
 * accounts apart): the request only queues a job with the e-mail; the job looks the vet up, and writes
 * the link and its mail, or the audit row of an unknown address, after the answer has gone.
 */
export async function requestPasswordReset(
  deps: { db: Db; jobs: Pick<Jobs, 'send' | 'wake'> },
  input: { email: string },
  meta: RequestMeta,
): Promise<void> {
  const job: PasswordResetJob = { email: normalizeEmail(input.email), meta };
  await deps.jobs.send(deps.db, PASSWORD_RESET_QUEUE, job);
  // Committed already (no transaction): look for it now rather than at the next poll.
  setTimeout(() => deps.jobs.wake(PASSWORD_RESET_QUEUE), 20).unref();
}

/** The job of a reset request: only a known, enabled vet gets a link; every request is audited. */
export async function issueRequestedPasswordReset(deps: AuthDeps, { email, meta }: PasswordResetJob) {
  const vet = await findVetAccountByEmail(deps.db, email);
  if (!vet || vet.disabled) {
    await deps.db.transaction((tx) =>
      recordAudit(
        tx,
        auditActor(null),
        {
          action: 'auth.password_reset_requested',
          entity: 'vet',
          entityId: null,
          changes: { email, matched: false },
        },
        meta,
      ),
    );
    return;
  }
  await issuePasswordSetupLink(deps, vet, {
    ttlMs: PASSWORD_RESET_TTL_MS,
    meta,
    action: 'auth.password_reset_requested',
    actor: null,
    purpose: 'reset',
  });
}

/**
 * Refuses a new password that is common, breached, or built on the product's words or the vet's own
 * (400 on `password`); a seeded or existing hash is never checked again, only what is chosen here.
 */
function assertStrongNewPassword(config: AuthDeps['config'], vet: VetRow, password: string): void {
  const reason = weakPasswordReason(password, {
    refused: [config.demoPassword, DEFAULT_DEMO_PASSWORD],
    words: [
      config.productName,
      'vetboard',
      'dashboard',
      `${vet.firstName} ${vet.lastName}`,
      `${vet.lastName} ${vet.firstName}`,
      vet.email,
    ],
  });
  if (reason) throw authErrors.weakPassword(reason);
}

export async function confirmPasswordReset(
  { db, config, now }: AuthDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  // Read without a lock first: the vet's words are needed before the (slow) hash, which stays outside
  // the transaction; the token is read again, locked, inside it.
  const presented = await findPasswordResetToken(db, hashToken(input.token), { lock: false });
  const holder =
    presented && !presented.usedAt && presented.expiresAt > now()
      ? await findVetAccountById(db, presented.vetId)
      : undefined;
  if (!holder) throw authErrors.resetTokenInvalid();
  assertStrongNewPassword(config, holder, input.password);
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  const ok = await db.transaction(async (tx) => {
    const token = await findPasswordResetToken(tx, hashToken(input.token));
    const at = now();
    if (!token || token.usedAt || token.expiresAt <= at) return false;
    await markPasswordResetTokenUsed(tx, token.id, at);
    await setVetPasswordHash(tx, token.vetId, passwordHash);
    const revoked = await revokeVetSessions(tx, token.vetId, 'password_reset', at);
    await recordAudit(
      tx,
      auditActor(token.vetId),
      {
        action: 'auth.password_reset_completed',
        entity: 'vet',
        entityId: token.vetId,
        changes: { password: true, sessionsRevoked: revoked },
      },
      meta,
    );
    return true;
  });
  forgetCachedSessions();
  if (!ok) throw authErrors.resetTokenInvalid();
}
