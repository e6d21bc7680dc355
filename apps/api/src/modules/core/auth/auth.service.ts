import { createHmac } from 'node:crypto';
import type { SecondFactorState, Vet } from '@vetboard/contract';
import type { Config } from '../../../config.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { VetRow } from '../../../db/schema.ts';
import { addressKey } from '../../../lib/address-key.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { dummyPasswordHash, verifyPassword } from '../../../lib/password.ts';
import type { RequestMeta } from '../../../lib/request-meta.ts';
import { cachedSession, cacheSession, forgetCachedSessions } from '../../../lib/session-cache.ts';
import { hashToken, newOpaqueToken } from '../../../lib/tokens.ts';
import { getOrCreateSecret } from '../../platform/app-secrets/index.ts';
import { type AuditActor, auditRecordedSince, recordAudit } from '../../platform/audit/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { findVetAccountByEmail, markVetSignedIn, toVetDto } from '../vets/index.ts';
import { authErrors } from './auth.errors.ts';
import {
  clearLoginFailures,
  countRecentFailures,
  findActiveSessionByAccessHash,
  findSessionByAnyTokenHash,
  findSessionByRefreshHash,
  findStandingSessions,
  insertLoginFailure,
  insertSession,
  listSessionIps,
  purgeLoginFailuresBefore,
  revokeSession,
  revokeVetSessions,
  rotateSessionTokens,
} from './auth.repository.ts';
import { secondFactorStateAtLogin } from './auth.second-factor.state.ts';

export { ACCESS_TOKEN_TTL_MS } from '../../../lib/tokens.ts';

import { ACCESS_TOKEN_TTL_MS } from '../../../lib/tokens.ts';
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOGIN_FAILURES = 10;
/**
 * The per-account ceiling (issue #47, point 8): however many fresh addresses an attacker has, an
 * account takes at most this many evaluated guesses per window from addresses it never logged in
 * from. Its owner's known addresses are always heard, so the ceiling cannot lock the owner out.
 */
export const MAX_UNKNOWN_ADDRESS_GUESSES = 20;
/**
 * A throttled client may try again once the window has moved past its failures; the whole window
 * is the honest upper bound (a retry sooner is refused unevaluated, as it would be anyway).
 */
const RETRY_AFTER_SECONDS = LOGIN_FAILURE_WINDOW_MS / 1000;
/** Asked for when the e-mail has no account, so both cases run the same statements. */
const NO_VET_ID = '00000000-0000-0000-0000-000000000000';
/**
 * Two tabs may refresh at once with the same cookie; the loser presents the just-replaced token.
 * Within this grace it gets the same successor (both tabs stay logged in); after it, a replay is theft.
 */
const REFRESH_REUSE_GRACE_MS = 60 * 1000;

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'passwordHashCost' | 'publicUrl' | 'productName' | 'demoPassword' | 'signingSecret'>;
  mailer: Mailer;
  now: Now;
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
  /** What the session still needs after its password (null: complete). */
  secondFactorState: SecondFactorState;
  secondFactorAt: Date | null;
  factors: string[];
}

export function auditActor(vetId: string | null): AuditActor {
  return vetId ? { type: 'vet', vetId, meta: null } : null;
}

function issueTokens(now: Date): IssuedTokens {
  return {
    accessToken: newOpaqueToken(),
    refreshToken: newOpaqueToken(),
    accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  };
}

/**
 * A refresh token's successors are derived from it with a server key instead of drawn at random, so a
 * replay within the grace (a second tab that refreshed at the same moment) can be answered with the very
 * same successor, which is stored only as a hash.
 */
function successorTokens(key: Buffer, refreshToken: string): { accessToken: string; refreshToken: string } {
  const derive = (purpose: string) =>
    createHmac('sha256', key).update(`${purpose}\u0000${refreshToken}`).digest('base64url');
  return { accessToken: derive('access'), refreshToken: derive('refresh') };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** One key per database, read once: every refresh needs it. */
const successorKeys = new WeakMap<Db, Promise<Buffer>>();
function refreshSuccessorKey(db: Db): Promise<Buffer> {
  let key = successorKeys.get(db);
  if (!key) {
    key = getOrCreateSecret(db, 'refresh-successor').catch((error) => {
      successorKeys.delete(db);
      throw error;
    });
    successorKeys.set(db, key);
  }
  return key;
}

/**
 * A refused login leaves one failure row (for throttling, dropped once older than the window) and one
 * audit row. An address is throttled after MAX_LOGIN_FAILURES, so each address adds at most that many
 * of each per window.
 */
async function recordFailure(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
  email: string,
  vet: VetRow | undefined,
  reason: 'unknown_email' | 'wrong_password' | 'disabled' | 'no_password' | 'wrong_password_while_locked',
  meta: RequestMeta,
  /** The address's throttling key (lib/address-key.ts): an IPv6 /64 is counted as one. */
  ip: string,
) {
  await db.transaction(async (tx) => {
    const at = now();
    await purgeLoginFailuresBefore(tx, new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS));
    await insertLoginFailure(tx, { id: newId(), email, ip, at });
    await recordAudit(
      tx,
      auditActor(null),
      {
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
 * Throttled attempts are sampled: one audit row per address key (an IPv6 /64 is one) and window,
 * however many arrive.
 */
async function recordThrottled(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
  email: string,
  meta: RequestMeta,
  ip: string,
) {
  const key = { action: 'auth.login_throttled', entity: 'ip', entityId: ip };
  const since = new Date(now().getTime() - LOGIN_FAILURE_WINDOW_MS);
  await db.transaction(async (tx) => {
    if (await auditRecordedSince(tx, key, since)) return;
    await recordAudit(tx, auditActor(null), { ...key, changes: { email, sampled: true } }, meta);
  });
}

/** Ends every session of the vet inside the caller's transaction: their tokens stop working at once. */
export function revokeAllSessions(
  { now }: Pick<AuthDeps, 'now'>,
  tx: DbOrTx,
  vetId: string,
  reason: string,
): Promise<number> {
  return revokeVetSessions(tx, vetId, reason, now());
}

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<{ vet: Vet; tokens: IssuedTokens; secondFactor: SecondFactorState }> {
  const { db, config, now } = deps;
  const email = normalizeEmail(input.email);
  const ip = addressKey(meta.ip);
  const vet = await findVetAccountByEmail(db, email);
  const knownIps = [...new Set((await listSessionIps(db, vet?.id ?? NO_VET_ID)).map(addressKey))];
  const known = knownIps.includes(ip);
  const failures = await countRecentFailures(
    db,
    { email, ip, knownIps },
    new Date(now().getTime() - LOGIN_FAILURE_WINDOW_MS),
  );
  // OWASP: a per-account lock must not let anyone lock the owner out. An address the account logged
  // in from before is always heard (within its own per-address limit). A locked account still takes
  // one try from an unknown address with no recent failures; a wrong one spends that address's turn,
  // and past the ceiling no unknown address is heard at all.
  const accountLocked = !known && failures.email >= MAX_LOGIN_FAILURES;
  const overCeiling = !known && failures.emailFromUnknown >= MAX_UNKNOWN_ADDRESS_GUESSES;
  if (failures.ip >= MAX_LOGIN_FAILURES || overCeiling || (accountLocked && failures.ip > 0)) {
    await recordThrottled(deps, email, meta, ip);
    throw authErrors.tooManyAttempts(RETRY_AFTER_SECONDS);
  }

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
    await recordFailure(
      deps,
      email,
      vet,
      accountLocked ? 'wrong_password_while_locked' : (refusal ?? 'unknown_email'),
      meta,
      ip,
    );
    throw accountLocked ? authErrors.tooManyAttempts(RETRY_AFTER_SECONDS) : authErrors.invalidCredentials();
  }

  const secondFactor = await secondFactorStateAtLogin(db, vet);
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
      secondFactorState: secondFactor,
    });
    await clearLoginFailures(tx, email);
    await markVetSignedIn(tx, vet.id, issuedAt);
    await recordAudit(
      tx,
      auditActor(vet.id),
      {
        action: 'auth.login',
        entity: 'session',
        entityId: sessionId,
        changes: { userAgent: meta.userAgent, secondFactor },
      },
      meta,
    );
  });
  return { vet: toVetDto(vet), tokens, secondFactor };
}

/** The sessions of `sessionIds` that still stand, by id, with their vet's kind and company now. */
export async function standingSessions(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
  sessionIds: string[],
): Promise<Map<string, { kind: VetRow['kind']; companySku: string | null }>> {
  const rows = await findStandingSessions(db, sessionIds, now());
  return new Map(rows.map((row) => [row.id, { kind: row.kind, companySku: row.companySku }]));
}

export async function authenticate(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
  accessToken: string,
): Promise<AuthenticatedSession | null> {
  const hash = hashToken(accessToken);
  const at = now();
  const cached = cachedSession<AuthenticatedSession>(hash, at);
  if (cached) return cached;
  const row = await findActiveSessionByAccessHash(db, hash, at);
  if (!row) return null;
  const session: AuthenticatedSession = {
    sessionId: row.session.id,
    vet: row.vet,
    secondFactorState: row.session.secondFactorState,
    secondFactorAt: row.session.secondFactorAt,
    factors: row.session.factors,
  };
  cacheSession(hash, session, row.session.accessExpiresAt);
  return session;
}

export async function refresh(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
  refreshToken: string,
  meta: RequestMeta,
): Promise<IssuedTokens> {
  const presentedHash = hashToken(refreshToken);
  const successor = successorTokens(await refreshSuccessorKey(db), refreshToken);
  const outcome = await db.transaction(async (tx) => {
    const row = await findSessionByRefreshHash(tx, presentedHash);
    const at = now();
    if (!row || row.session.revokedAt || row.vet.disabled) return { ok: false as const };
    const { session } = row;
    if (session.refreshTokenHash !== presentedHash) {
      const withinGrace =
        session.rotatedAt && at.getTime() - session.rotatedAt.getTime() < REFRESH_REUSE_GRACE_MS;
      if (withinGrace) {
        const sameSuccessor =
          session.refreshTokenHash === hashToken(successor.refreshToken) &&
          session.refreshExpiresAt > at &&
          session.accessExpiresAt > at;
        if (!sameSuccessor) return { ok: false as const };
        const tokens: IssuedTokens = {
          ...successor,
          accessExpiresAt: session.accessExpiresAt,
          refreshExpiresAt: session.refreshExpiresAt,
        };
        return { ok: true as const, tokens };
      }
      await revokeSession(tx, session.id, 'refresh_token_reuse', at);
      await recordAudit(
        tx,
        auditActor(session.vetId),
        { action: 'auth.refresh_reuse_detected', entity: 'session', entityId: session.id },
        meta,
      );
      return { ok: false as const };
    }
    if (session.refreshExpiresAt <= at) return { ok: false as const };

    // The refresh token keeps the session's original end: rotation does not extend a session forever.
    const tokens: IssuedTokens = {
      ...successor,
      accessExpiresAt: new Date(at.getTime() + ACCESS_TOKEN_TTL_MS),
      refreshExpiresAt: session.refreshExpiresAt,
    };
    await rotateSessionTokens(tx, session.id, {
      accessTokenHash: hashToken(tokens.accessToken),
      accessExpiresAt: tokens.accessExpiresAt,
      refreshTokenHash: hashToken(tokens.refreshToken),
      previousRefreshTokenHash: presentedHash,
      rotatedAt: at,
    });
    await recordAudit(
      tx,
      auditActor(session.vetId),
      { action: 'auth.refresh', entity: 'session', entityId: session.id },
      meta,
    );
    return { ok: true as const, tokens };
  });
  // After the commit: a request between the rotation and the commit could cache the old token again.
  forgetCachedSessions();
  if (!outcome.ok) throw authErrors.refreshInvalid();
  return outcome.tokens;
}

export async function logout(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
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
      auditActor(session.vetId),
      { action: 'auth.logout', entity: 'session', entityId: session.id },
      meta,
    );
  });
  forgetCachedSessions();
}
