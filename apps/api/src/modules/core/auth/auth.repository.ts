import { and, eq, gt, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { vets } from '../../../db/schema.ts';
import { loginFailures, passwordResetTokens, sessions } from './auth.table.ts';

export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: DbOrTx, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The session behind a live access token, with its vet; revoked, expired or disabled gives nothing. */
export async function findActiveSessionByAccessHash(db: DbOrTx, accessTokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, vet: vets })
    .from(sessions)
    .innerJoin(vets, eq(vets.id, sessions.vetId))
    .where(
      and(
        eq(sessions.accessTokenHash, accessTokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, now),
        eq(vets.disabled, false),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Of these sessions, the ones that still stand (not revoked, not past their refresh expiry, their vet
 * not disabled), with their vet's kind and company: what a long-lived stream re-checks.
 */
export async function findStandingSessions(db: DbOrTx, sessionIds: string[], now: Date) {
  if (sessionIds.length === 0) return [];
  return db
    .select({ id: sessions.id, kind: vets.kind, companySku: vets.companySku })
    .from(sessions)
    .innerJoin(vets, eq(vets.id, sessions.vetId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, now),
        eq(vets.disabled, false),
      ),
    );
}

export async function findSessionByRefreshHash(db: DbOrTx, refreshTokenHash: string) {
  const [row] = await db
    .select({ session: sessions, vet: vets })
    .from(sessions)
    .innerJoin(vets, eq(vets.id, sessions.vetId))
    .where(
      or(
        eq(sessions.refreshTokenHash, refreshTokenHash),
        eq(sessions.previousRefreshTokenHash, refreshTokenHash),
      ),
    )
    .for('update', { of: sessions })
    .limit(1);
  return row;
}

export async function findSessionByAnyTokenHash(db: DbOrTx, hashes: { access?: string; refresh?: string }) {
  const conditions = [
    hashes.access ? eq(sessions.accessTokenHash, hashes.access) : undefined,
    hashes.refresh ? eq(sessions.refreshTokenHash, hashes.refresh) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(or(...conditions), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

export async function rotateSessionTokens(
  db: DbOrTx,
  sessionId: string,
  tokens: {
    accessTokenHash: string;
    accessExpiresAt: Date;
    refreshTokenHash: string;
    previousRefreshTokenHash: string;
    rotatedAt: Date;
  },
): Promise<void> {
  await db.update(sessions).set(tokens).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeVetSessions(
  db: DbOrTx,
  vetId: string,
  reason: string,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.vetId, vetId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * The throttling counts in one scan of the window: per account (one account guessed from many
 * addresses), per account from addresses other than `knownIps` (the per-account ceiling, which the
 * owner's own addresses never feed) and per address (many accounts guessed from one address). `ip` is
 * the address's throttling key (lib/address-key.ts).
 */
export async function countRecentFailures(
  db: DbOrTx,
  key: { email: string; ip: string; knownIps: string[] },
  since: Date,
) {
  const ofEmail = eq(loginFailures.email, key.email);
  const fromUnknown =
    key.knownIps.length > 0 ? and(ofEmail, notInArray(loginFailures.ip, key.knownIps)) : ofEmail;
  const [row] = await db
    .select({
      email: sql<number>`count(*) filter (where ${ofEmail})`.mapWith(Number),
      emailFromUnknown: sql<number>`count(*) filter (where ${fromUnknown})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${loginFailures.ip} = ${key.ip})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, since), or(ofEmail, eq(loginFailures.ip, key.ip))));
  return { email: row?.email ?? 0, emailFromUnknown: row?.emailFromUnknown ?? 0, ip: row?.ip ?? 0 };
}

/** The addresses the vet has logged in from, as long as their sessions are kept (auth purge). */
export async function listSessionIps(db: DbOrTx, vetId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.vetId, vetId), isNotNull(sessions.ip)));
  return rows.flatMap((row) => (row.ip ? [row.ip] : []));
}

export async function insertLoginFailure(db: DbOrTx, row: typeof loginFailures.$inferInsert): Promise<void> {
  await db.insert(loginFailures).values(row);
}

/** Failures older than the throttle window count for nothing: dropping them keeps the table bounded. */
export async function purgeLoginFailuresBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

export async function clearLoginFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function insertPasswordResetToken(db: DbOrTx, row: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(row);
}

/** A new link replaces the vet's earlier unused ones, so only the latest e-mail's link works. */
export async function deleteUnusedPasswordResetTokens(db: DbOrTx, vetId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.vetId, vetId), isNull(passwordResetTokens.usedAt)));
}

export async function findPasswordResetToken(db: DbOrTx, tokenHash: string, { lock = true } = {}) {
  const query = db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update') : query).limit(1);
  return row;
}

export async function markPasswordResetTokenUsed(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, id));
}

/**
 * What the purge job removes: sessions whose refresh token has expired (revoked ones too — a leaked
 * token can no longer be presented after that), reset links used or expired, and login failures
 * older than the throttle window, which no longer count.
 */
export async function purgeExpiredAuthRows(
  db: DbOrTx,
  now: Date,
  loginFailuresBefore: Date,
): Promise<{ sessions: number; resetLinks: number; loginFailures: number }> {
  const deletedSessions = await db
    .delete(sessions)
    .where(lt(sessions.refreshExpiresAt, now))
    .returning({ id: sessions.id });
  const deletedTokens = await db
    .delete(passwordResetTokens)
    .where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)))
    .returning({ id: passwordResetTokens.id });
  const deletedFailures = await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, loginFailuresBefore))
    .returning({ id: loginFailures.id });
  return {
    sessions: deletedSessions.length,
    resetLinks: deletedTokens.length,
    loginFailures: deletedFailures.length,
  };
}
