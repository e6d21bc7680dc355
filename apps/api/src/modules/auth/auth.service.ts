import type { Vet } from '@vetboard/contract';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { toVetDto } from '../vets/vets.mapper.ts';
import { findVetByEmail, updateVetPassword } from '../vets/vets.repository.ts';
import type { VetRow } from '../vets/vets.table.ts';
import { authErrors } from './auth.errors.ts';
import {
  clearLoginFailures,
  countRecentFailures,
  findActiveSessionByAccessHash,
  findPasswordResetToken,
  findSessionByAnyTokenHash,
  findSessionByRefreshHash,
  insertLoginFailure,
  insertPasswordResetToken,
  insertSession,
  markPasswordResetTokenUsed,
  revokeSession,
  revokeVetSessions,
  rotateSessionTokens,
} from './auth.repository.ts';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOGIN_FAILURES = 10;
/**
 * Two tabs may refresh at once with the same cookie; the loser presents the just-replaced token.
 * Within this grace it is refused without treating it as theft.
 */
const REFRESH_REUSE_GRACE_MS = 60 * 1000;

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'passwordHashCost' | 'publicUrl' | 'productName'>;
  mailer: Mailer;
  now?: () => Date;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

export interface AuthenticatedSession {
  sessionId: string;
  vet: VetRow;
}

function issueTokens(now: Date): IssuedTokens {
  return {
    accessToken: newOpaqueToken(),
    refreshToken: newOpaqueToken(),
    accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAuthService(deps: AuthDeps) {
  const { db, config, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function recordFailure(
    email: string,
    vet: VetRow | undefined,
    reason: 'unknown_email' | 'wrong_password' | 'disabled' | 'no_password' | 'throttled',
    meta: RequestMeta,
  ) {
    await db.transaction(async (tx) => {
      if (reason !== 'throttled')
        await insertLoginFailure(tx, { id: newId(), email, ip: meta.ip, at: now() });
      await recordAudit(
        tx,
        {
          actorVetId: null,
          action: 'auth.login_failed',
          entity: 'vet',
          entityId: vet?.id ?? null,
          changes: { email, reason },
        },
        meta,
      );
    });
  }

  /**
   * Writes a single-use token, its audit row and its e-mail inside the caller's transaction, so that
   * whatever the link is for (a new vet, a reset) commits or rolls back with it. The caller delivers
   * `emailId` after commit.
   */
  async function writePasswordSetupLink(
    tx: DbOrTx,
    vet: VetRow,
    options: { ttlMs: number; meta: RequestMeta | null; action: string; actorVetId: string | null },
  ): Promise<{ link: string; expiresAt: Date; emailId: string }> {
    const token = newOpaqueToken();
    const expiresAt = new Date(now().getTime() + options.ttlMs);
    const link = `${config.publicUrl}/reset-password/${token}`;
    const minutes = Math.round(options.ttlMs / 60_000);
    await insertPasswordResetToken(tx, {
      id: newId(),
      vetId: vet.id,
      tokenHash: hashToken(token),
      expiresAt,
    });
    await recordAudit(
      tx,
      {
        actorVetId: options.actorVetId,
        action: options.action,
        entity: 'vet',
        entityId: vet.id,
        changes: { email: vet.email, matched: true },
      },
      options.meta,
    );
    const emailId = await mailer.enqueue(tx, {
      to: vet.email,
      subject: `${config.productName}: set your password`,
      text: [
        `Hello ${vet.firstName},`,
        '',
        `Use this link to set your ${config.productName} dashboard password. It works once and expires in ${minutes} minutes:`,
        link,
        '',
        'If you did not ask for this, you can ignore this e-mail.',
      ].join('\n'),
      createdByVetId: options.actorVetId,
    });
    return { link, expiresAt, emailId };
  }

  /**
   * Creates a single-use token and its e-mail in one transaction, then sends the mail.
   * Also used by the `vet:create` command, which prints the link instead of relying on mail.
   */
  async function issuePasswordSetupLink(
    vet: VetRow,
    options: { ttlMs: number; meta: RequestMeta | null; action: string; actorVetId: string | null },
  ): Promise<{ link: string; expiresAt: Date }> {
    const { link, expiresAt, emailId } = await db.transaction((tx) =>
      writePasswordSetupLink(tx, vet, options),
    );
    mailer.deliver(emailId);
    return { link, expiresAt };
  }

  return {
    writePasswordSetupLink,
    issuePasswordSetupLink,

    async login(
      input: { email: string; password: string },
      meta: RequestMeta,
    ): Promise<{ vet: Vet; tokens: IssuedTokens }> {
      const email = normalizeEmail(input.email);
      const failures = await countRecentFailures(
        db,
        { email, ip: meta.ip },
        new Date(now().getTime() - LOGIN_FAILURE_WINDOW_MS),
      );
      if (failures.email >= MAX_LOGIN_FAILURES || failures.ip >= MAX_LOGIN_FAILURES) {
        await recordFailure(email, undefined, 'throttled', meta);
        throw authErrors.tooManyAttempts();
      }

      const vet = await findVetByEmail(db, email);
      // Always verify against some hash so unknown e-mails answer in the same time as wrong passwords.
      const hash = vet?.passwordHash ?? (await dummyPasswordHash(config.passwordHashCost));
      const passwordMatches = await verifyPassword(input.password, hash);
      const refusal = !vet
        ? 'unknown_email'
        : !vet.passwordHash
          ? 'no_password'
          : !passwordMatches
            ? 'wrong_password'
            : vet.disabled
              ? 'disabled'
              : null;
      if (!vet || refusal) {
        await recordFailure(email, vet, refusal ?? 'unknown_email', meta);
        throw authErrors.invalidCredentials();
      }

      const issuedAt = now();
      const tokens = issueTokens(issuedAt);
      const sessionId = newId();
      await db.transaction(async (tx) => {
        await insertSession(tx, {
          id: sessionId,
          vetId: vet.id,
          accessTokenHash: hashToken(tokens.accessToken),
          accessExpiresAt: tokens.accessExpiresAt,
          refreshTokenHash: hashToken(tokens.refreshToken),
          refreshExpiresAt: tokens.refreshExpiresAt,
          ip: meta.ip,
          userAgent: meta.userAgent,
          createdAt: issuedAt,
        });
        await clearLoginFailures(tx, email);
        await recordAudit(
          tx,
          {
            actorVetId: vet.id,
            action: 'auth.login',
            entity: 'session',
            entityId: sessionId,
            changes: { userAgent: meta.userAgent },
          },
          meta,
        );
      });
      return { vet: toVetDto(vet), tokens };
    },

    async authenticate(accessToken: string): Promise<AuthenticatedSession | null> {
      const row = await findActiveSessionByAccessHash(db, hashToken(accessToken), now());
      return row ? { sessionId: row.session.id, vet: row.vet } : null;
    },

    async refresh(refreshToken: string, meta: RequestMeta): Promise<IssuedTokens> {
      const presentedHash = hashToken(refreshToken);
      const outcome = await db.transaction(async (tx) => {
        const row = await findSessionByRefreshHash(tx, presentedHash);
        const at = now();
        if (!row || row.session.revokedAt || row.vet.disabled) return { ok: false as const };
        const { session } = row;
        if (session.refreshTokenHash !== presentedHash) {
          const withinGrace =
            session.rotatedAt && at.getTime() - session.rotatedAt.getTime() < REFRESH_REUSE_GRACE_MS;
          if (!withinGrace) {
            await revokeSession(tx, session.id, 'refresh_token_reuse', at);
            await recordAudit(
              tx,
              {
                actorVetId: session.vetId,
                action: 'auth.refresh_reuse_detected',
                entity: 'session',
                entityId: session.id,
              },
              meta,
            );
          }
          return { ok: false as const };
        }
        if (session.refreshExpiresAt <= at) return { ok: false as const };

        const tokens = issueTokens(at);
        // The refresh token keeps the session's original end: rotation does not extend a session forever.
        tokens.refreshExpiresAt = session.refreshExpiresAt;
        await rotateSessionTokens(tx, session.id, {
          accessTokenHash: hashToken(tokens.accessToken),
          accessExpiresAt: tokens.accessExpiresAt,
          refreshTokenHash: hashToken(tokens.refreshToken),
          previousRefreshTokenHash: presentedHash,
          rotatedAt: at,
        });
        await recordAudit(
          tx,
          { actorVetId: session.vetId, action: 'auth.refresh', entity: 'session', entityId: session.id },
          meta,
        );
        return { ok: true as const, tokens };
      });
      if (!outcome.ok) throw authErrors.refreshInvalid();
      return outcome.tokens;
    },

    async logout(
      presented: { accessToken?: string; refreshToken?: string },
      meta: RequestMeta,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const session = await findSessionByAnyTokenHash(tx, {
          access: presented.accessToken ? hashToken(presented.accessToken) : undefined,
          refresh: presented.refreshToken ? hashToken(presented.refreshToken) : undefined,
        });
        if (!session) return;
        await revokeSession(tx, session.id, 'logout', now());
        await recordAudit(
          tx,
          { actorVetId: session.vetId, action: 'auth.logout', entity: 'session', entityId: session.id },
          meta,
        );
      });
    },

    /** Answers the same whether or not the vet exists; only a known, enabled vet gets a mail. */
    async requestPasswordReset(input: { email: string }, meta: RequestMeta): Promise<void> {
      const email = normalizeEmail(input.email);
      const vet = await findVetByEmail(db, email);
      if (!vet || vet.disabled) {
        await db.transaction((tx) =>
          recordAudit(
            tx,
            {
              actorVetId: null,
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
      await issuePasswordSetupLink(vet, {
        ttlMs: PASSWORD_RESET_TTL_MS,
        meta,
        action: 'auth.password_reset_requested',
        actorVetId: null,
      });
    },

    async confirmPasswordReset(input: { token: string; password: string }, meta: RequestMeta): Promise<void> {
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      const ok = await db.transaction(async (tx) => {
        const token = await findPasswordResetToken(tx, hashToken(input.token));
        const at = now();
        if (!token || token.usedAt || token.expiresAt <= at) return false;
        await markPasswordResetTokenUsed(tx, token.id, at);
        await updateVetPassword(tx, token.vetId, passwordHash);
        const revoked = await revokeVetSessions(tx, token.vetId, 'password_reset', at);
        await recordAudit(
          tx,
          {
            actorVetId: token.vetId,
            action: 'auth.password_reset_completed',
            entity: 'vet',
            entityId: token.vetId,
            changes: { password: true, sessionsRevoked: revoked },
          },
          meta,
        );
        return true;
      });
      if (!ok) throw authErrors.resetTokenInvalid();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
