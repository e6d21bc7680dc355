import { randomBytes } from 'node:crypto';
import {
  canManageVets,
  RECENT_SECOND_FACTOR_MS,
  RECOVERY_CODE_COUNT,
  type SecondFactorRequirement,
  type SecondFactorState,
  type SecondFactorStatus,
  toTimestamp,
} from '@vetboard/contract';
import * as OTPAuth from 'otpauth';
import type { DbOrTx } from '../../../db/client.ts';
import type { VetRow } from '../../../db/schema.ts';
import { addressKey } from '../../../lib/address-key.ts';
import { newId } from '../../../lib/ids.ts';
import type { RequestMeta } from '../../../lib/request-meta.ts';
import { forgetCachedSessions } from '../../../lib/session-cache.ts';
import { hashToken } from '../../../lib/tokens.ts';
import type { VetActor } from '../../../policy/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { findVetAccountById } from '../vets/index.ts';
import { authErrors } from './auth.errors.ts';
import {
  clearLoginFailures,
  countRecentFailures,
  insertLoginFailure,
  purgeLoginFailuresBefore,
  revokeVetSessions,
} from './auth.repository.ts';
import { openTotpSecret, sealTotpSecret } from './auth.second-factor.crypto.ts';
import {
  countUnusedRecoveryCodes,
  deleteSecondFactors,
  findTotpFactor,
  hasConfirmedTotp,
  markSessionSecondFactor,
  replaceRecoveryCodes,
  takeTotpStep,
  upsertUnconfirmedTotp,
  useRecoveryCode,
  writeRequirementRow,
} from './auth.second-factor.repository.ts';
import { readSecondFactorRequirement } from './auth.second-factor.state.ts';
import { type AuthDeps, auditActor, LOGIN_FAILURE_WINDOW_MS, MAX_LOGIN_FAILURES } from './auth.service.ts';

/** RFC 6238's recommendation: one step either side, for a phone's clock a little off. */
const TOTP_WINDOW = 1;
const TOTP_PERIOD_SECONDS = 30;

export type SecondFactorDeps = Pick<AuthDeps, 'db' | 'now'> & {
  config: Pick<AuthDeps['config'], 'productName' | 'signingSecret'>;
};

/** The session a second-factor route acts on, as the authenticate hook found it. */
export interface SecondFactorSession {
  sessionId: string;
  vet: VetRow;
  state: SecondFactorState;
  secondFactorAt: Date | null;
  factors: string[];
}

/** Whether the vet has a second factor set up (a sensitive action then asks for a recent one). */
export function hasSecondFactor(db: DbOrTx, vetId: string): Promise<boolean> {
  return hasConfirmedTotp(db, vetId);
}

export function isRecentSecondFactor(at: Date | null, now: Date): boolean {
  return at !== null && now.getTime() - at.getTime() < RECENT_SECOND_FACTOR_MS;
}

/** A sensitive action: refused unless the vet has no second factor or gave it in the last minutes. */
export async function assertRecentSecondFactor(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  session: { vetId: string; secondFactorAt: Date | null },
): Promise<void> {
  if (isRecentSecondFactor(session.secondFactorAt, deps.now())) return;
  if (await hasSecondFactor(deps.db, session.vetId)) throw authErrors.recentSecondFactorRequired();
}

function totpOf(config: SecondFactorDeps['config'], vet: VetRow, base32: string) {
  return new OTPAuth.TOTP({
    issuer: config.productName,
    label: vet.email,
    secret: OTPAuth.Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The time step a code belongs to, within the window, or null when it matches none. */
function acceptedStep(totp: OTPAuth.TOTP, code: string, now: Date): number | null {
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * Codes are throttled like passwords, in the same table, under keys of their own (per vet, per
 * address): a password login, which clears its account's failures, does not reset the code count.
 */
function throttleKey(vetId: string): string {
  return `second-factor:${vetId}`;
}

function throttleAddress(meta: RequestMeta): string {
  return `second-factor:${addressKey(meta.ip)}`;
}

async function assertNotThrottled(deps: Pick<AuthDeps, 'db' | 'now'>, vetId: string, meta: RequestMeta) {
  const since = new Date(deps.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
  const failures = await countRecentFailures(
    deps.db,
    { email: throttleKey(vetId), ip: throttleAddress(meta), knownIps: [] },
    since,
  );
  if (failures.email >= MAX_LOGIN_FAILURES || failures.ip >= MAX_LOGIN_FAILURES)
    throw authErrors.tooManyCodeAttempts(LOGIN_FAILURE_WINDOW_MS / 1000);
}

async function recordCodeFailure(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  session: SecondFactorSession,
  method: string,
  reason: string,
  meta: RequestMeta,
) {
  await deps.db.transaction(async (tx) => {
    const at = deps.now();
    await purgeLoginFailuresBefore(tx, new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS));
    await insertLoginFailure(tx, {
      id: newId(),
      email: throttleKey(session.vet.id),
      ip: throttleAddress(meta),
      at,
    });
    await recordAudit(
      tx,
      auditActor(session.vet.id),
      {
        action: 'auth.second_factor_failed',
        entity: 'session',
        entityId: session.sessionId,
        changes: { method, reason },
      },
      meta,
    );
  });
}

/**
 * Ten codes of 120 random bits, shown as `abcdef-ghijkl-mnopqr-stuvwx`; only their SHA-256 digests are kept.
 * ASVS 5.0 6.5.2: a lookup secret under 112 bits needs a slow salted hash, which would cost ten password
 * hashes a try (one per unused code); at 120 bits a plain digest is as safe and the lookup one index probe.
 */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = new OTPAuth.Secret({ buffer: randomBytes(15).buffer }).base32.toLowerCase().slice(0, 24);
    return code.match(/.{6}/g)?.join('-') ?? code;
  });
}

function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''));
}

async function writeRecoveryCodes(tx: DbOrTx, vetId: string, at: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    tx,
    vetId,
    codes.map((code) => ({ id: newId(), codeHash: recoveryCodeHash(code), createdAt: at })),
  );
  return codes;
}

export async function getSecondFactorStatus(
  deps: SecondFactorDeps,
  session: SecondFactorSession,
): Promise<SecondFactorStatus> {
  const totp = await findTotpFactor(deps.db, session.vet.id);
  return {
    state: session.state,
    totp: totp?.confirmedAt ? { confirmedAt: toTimestamp(totp.confirmedAt) } : null,
    recoveryCodesLeft: await countUnusedRecoveryCodes(deps.db, session.vet.id),
    requirement: await readSecondFactorRequirement(deps.db),
    recent: isRecentSecondFactor(session.secondFactorAt, deps.now()),
    factors: session.factors,
  };
}

/** Enrolment is for a complete session or one the team sends to set up; never one awaiting its code. */
function assertMayEnrol(session: SecondFactorSession) {
  if (session.state === 'verify') throw authErrors.secondFactorPending();
}

export async function startTotpEnrolment(
  deps: SecondFactorDeps,
  session: SecondFactorSession,
): Promise<{ secret: string; uri: string }> {
  assertMayEnrol(session);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const totp = totpOf(deps.config, session.vet, secret);
  const written = await upsertUnconfirmedTotp(deps.db, {
    vetId: session.vet.id,
    secretEncrypted: await sealTotpSecret(deps.db, deps.config.signingSecret, session.vet.id, secret),
    label: 'Authenticator app',
    createdAt: deps.now(),
  });
  if (!written) throw authErrors.totpAlreadySetUp();
  return { secret, uri: totp.toString() };
}

export async function confirmTotpEnrolment(
  deps: SecondFactorDeps,
  session: SecondFactorSession,
  code: string,
  meta: RequestMeta,
): Promise<{ recoveryCodes: string[] }> {
  assertMayEnrol(session);
  await assertNotThrottled(deps, session.vet.id, meta);
  const factor = await findTotpFactor(deps.db, session.vet.id);
  if (!factor) throw authErrors.totpEnrolmentNotStarted();
  if (factor.confirmedAt) throw authErrors.totpAlreadySetUp();
  const secret = await openTotpSecret(
    deps.db,
    deps.config.signingSecret,
    session.vet.id,
    factor.secretEncrypted,
  );
  const now = deps.now();
  const step = acceptedStep(totpOf(deps.config, session.vet, secret), code, now);
  if (step === null) {
    await recordCodeFailure(deps, session, 'totp', 'wrong_code_at_enrolment', meta);
    throw authErrors.invalidSecondFactorCode();
  }
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    if (!(await takeTotpStep(tx, session.vet.id, step, now))) throw authErrors.invalidSecondFactorCode();
    const codes = await writeRecoveryCodes(tx, session.vet.id, now);
    await markSessionSecondFactor(tx, session.sessionId, 'totp', now);
    await clearLoginFailures(tx, throttleKey(session.vet.id));
    await recordAudit(
      tx,
      auditActor(session.vet.id),
      {
        action: 'auth.second_factor_enrolled',
        entity: 'vet',
        entityId: session.vet.id,
        changes: { method: 'totp', recoveryCodes: codes.length },
      },
      meta,
    );
    return codes;
  });
  forgetCachedSessions();
  return { recoveryCodes };
}

/** The second step of a login, or a fresh confirmation before a sensitive action. */
export async function verifySecondFactor(
  deps: SecondFactorDeps,
  session: SecondFactorSession,
  input: { method: 'totp' | 'recovery'; code: string },
  meta: RequestMeta,
): Promise<void> {
  if (session.state === 'enrol') throw authErrors.secondFactorSetupRequired();
  await assertNotThrottled(deps, session.vet.id, meta);
  const factor = await findTotpFactor(deps.db, session.vet.id);
  if (!factor?.confirmedAt) throw authErrors.noSecondFactor();
  const now = deps.now();
  let accepted = false;
  let reason = 'wrong_code';
  if (input.method === 'totp') {
    const secret = await openTotpSecret(
      deps.db,
      deps.config.signingSecret,
      session.vet.id,
      factor.secretEncrypted,
    );
    const step = acceptedStep(totpOf(deps.config, session.vet, secret), input.code, now);
    if (step !== null) {
      accepted = await takeTotpStep(deps.db, session.vet.id, step);
      if (!accepted) reason = 'replayed_code';
    }
  } else {
    accepted = await useRecoveryCode(deps.db, session.vet.id, recoveryCodeHash(input.code), now);
  }
  if (!accepted) {
    await recordCodeFailure(deps, session, input.method, reason, meta);
    throw authErrors.invalidSecondFactorCode();
  }
  await deps.db.transaction(async (tx) => {
    await markSessionSecondFactor(tx, session.sessionId, input.method, now);
    await clearLoginFailures(tx, throttleKey(session.vet.id));
    await recordAudit(
      tx,
      auditActor(session.vet.id),
      {
        action: 'auth.second_factor_verified',
        entity: 'session',
        entityId: session.sessionId,
        changes: { method: input.method, completedLogin: session.state === 'verify' },
      },
      meta,
    );
  });
  forgetCachedSessions();
}

/** Removing one's own factor (the route asks for a recent second factor first). */
export async function removeOwnSecondFactor(
  deps: SecondFactorDeps,
  session: SecondFactorSession,
  meta: RequestMeta,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const removed = await deleteSecondFactors(tx, session.vet.id);
    if (!removed.totp) throw authErrors.noSecondFactor();
    await recordAudit(
      tx,
      auditActor(session.vet.id),
      { action: 'auth.second_factor_removed', entity: 'vet', entityId: session.vet.id, changes: removed },
      meta,
    );
  });
}

export async function regenerateRecoveryCodes(
  deps: SecondFactorDeps,
  session: SecondFactorSession,
  meta: RequestMeta,
): Promise<{ recoveryCodes: string[] }> {
  if (!(await hasConfirmedTotp(deps.db, session.vet.id))) throw authErrors.noSecondFactor();
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await writeRecoveryCodes(tx, session.vet.id, deps.now());
    await recordAudit(
      tx,
      auditActor(session.vet.id),
      { action: 'auth.recovery_codes_regenerated', entity: 'vet', entityId: session.vet.id },
      meta,
    );
    return codes;
  });
  return { recoveryCodes };
}

export async function setSecondFactorRequirement(
  deps: SecondFactorDeps,
  actor: VetActor,
  requirement: SecondFactorRequirement,
): Promise<SecondFactorRequirement> {
  if (!canManageVets(actor)) throw authErrors.secondFactorForbidden();
  await deps.db.transaction(async (tx) => {
    const before = await readSecondFactorRequirement(tx);
    await writeRequirementRow(tx, requirement, actor.vetId, deps.now());
    await recordAudit(tx, actor, {
      action: 'auth.second_factor_requirement_changed',
      entity: 'second_factor_settings',
      entityId: null,
      changes: { before: { requirement: before }, after: { requirement } },
    });
  });
  return requirement;
}

/** A head vet's reset of a colleague who lost their phone: factors gone, sessions ended, audited. */
export async function resetVetSecondFactor(
  deps: SecondFactorDeps,
  actor: VetActor,
  vetId: string,
  reason: string,
): Promise<void> {
  if (!canManageVets(actor)) throw authErrors.secondFactorForbidden();
  if (vetId === actor.vetId) throw authErrors.secondFactorResetSelf();
  const vet = await findVetAccountById(deps.db, vetId);
  if (!vet) throw authErrors.vetNotFound();
  await deps.db.transaction(async (tx) => {
    const removed = await deleteSecondFactors(tx, vet.id);
    const sessionsEnded = await revokeVetSessions(tx, vet.id, 'second_factor_reset', deps.now());
    await recordAudit(tx, actor, {
      action: 'auth.second_factor_reset',
      entity: 'vet',
      entityId: vet.id,
      changes: { reason, ...removed, sessionsEnded },
    });
  });
  forgetCachedSessions();
}

/** For the demo seed and tests: the requirement as a new installation would not have it. */
export function writeSecondFactorRequirement(db: DbOrTx, requirement: SecondFactorRequirement, at: Date) {
  return writeRequirementRow(db, requirement, null, at);
}
