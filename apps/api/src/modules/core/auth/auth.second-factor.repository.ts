import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { recoveryCodes, secondFactorSettings, totpFactors } from './auth.second-factor.table.ts';
import { sessions } from './auth.table.ts';

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type SecondFactorRequirementValue = (typeof secondFactorSettings.$inferSelect)['requirement'];

export async function findTotpFactor(db: DbOrTx, vetId: string): Promise<TotpFactorRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.vetId, vetId)).limit(1);
  return row;
}

export async function hasConfirmedTotp(db: DbOrTx, vetId: string): Promise<boolean> {
  const [row] = await db
    .select({ vetId: totpFactors.vetId })
    .from(totpFactors)
    .where(and(eq(totpFactors.vetId, vetId), isNotNull(totpFactors.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/** A new unconfirmed secret replaces an earlier unconfirmed one; a confirmed one is left alone. */
export async function upsertUnconfirmedTotp(
  db: DbOrTx,
  row: { vetId: string; secretEncrypted: string; label: string; createdAt: Date },
): Promise<boolean> {
  const written = await db
    .insert(totpFactors)
    .values(row)
    .onConflictDoUpdate({
      target: totpFactors.vetId,
      set: { secretEncrypted: row.secretEncrypted, label: row.label, createdAt: row.createdAt },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ vetId: totpFactors.vetId });
  return written.length > 0;
}

/**
 * Takes the time step of an accepted code, only if it is later than the last one taken: two requests
 * with the same code race on this one statement and only one wins (RFC 6238 §5.2, no replay).
 */
export async function takeTotpStep(
  db: DbOrTx,
  vetId: string,
  step: number,
  confirmAt?: Date,
): Promise<boolean> {
  const taken = await db
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(
      and(
        eq(totpFactors.vetId, vetId),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ vetId: totpFactors.vetId });
  return taken.length > 0;
}

export async function deleteSecondFactors(
  db: DbOrTx,
  vetId: string,
): Promise<{ totp: boolean; codes: number }> {
  const totp = await db
    .delete(totpFactors)
    .where(eq(totpFactors.vetId, vetId))
    .returning({ vetId: totpFactors.vetId });
  const codes = await db
    .delete(recoveryCodes)
    .where(eq(recoveryCodes.vetId, vetId))
    .returning({ id: recoveryCodes.id });
  return { totp: totp.length > 0, codes: codes.length };
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  vetId: string,
  rows: Array<{ id: string; codeHash: string; createdAt: Date }>,
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.vetId, vetId));
  await db.insert(recoveryCodes).values(rows.map((row) => ({ ...row, vetId })));
}

/** Marks an unused code used; false when there is none (unknown, or already used: single use). */
export async function useRecoveryCode(db: DbOrTx, vetId: string, codeHash: string, at: Date) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(eq(recoveryCodes.vetId, vetId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, vetId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.vetId, vetId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function readRequirementRow(db: DbOrTx): Promise<SecondFactorRequirementValue | undefined> {
  const [row] = await db
    .select({ requirement: secondFactorSettings.requirement })
    .from(secondFactorSettings)
    .where(eq(secondFactorSettings.id, 1));
  return row?.requirement;
}

export async function writeRequirementRow(
  db: DbOrTx,
  requirement: SecondFactorRequirementValue,
  vetId: string | null,
  at: Date,
): Promise<void> {
  await db
    .insert(secondFactorSettings)
    .values({ id: 1, requirement, updatedByVetId: vetId, updatedAt: at })
    .onConflictDoUpdate({
      target: secondFactorSettings.id,
      set: { requirement, updatedByVetId: vetId, updatedAt: at },
    });
}

/** The session has given a second factor: it is complete, and the factor is added to its list. */
export async function markSessionSecondFactor(
  db: DbOrTx,
  sessionId: string,
  factor: string,
  at: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({
      secondFactorState: null,
      secondFactorAt: at,
      factors: sql`case when ${factor} = any(${sessions.factors}) then ${sessions.factors} else array_append(${sessions.factors}, ${factor}::text) end`,
    })
    .where(eq(sessions.id, sessionId));
}
