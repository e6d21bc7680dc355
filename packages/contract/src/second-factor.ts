import { z } from 'zod';
import { text, timestampSchema } from './common.ts';

/**
 * Issue #47, "Second factor": where a session stands after its password. `verify`: the vet has a
 * factor and must give a code; `enrol`: the team requires one the vet has not set up, so setting it
 * up is all the session may do; `null`: the session is complete.
 */
export const secondFactorStates = ['verify', 'enrol'] as const;
export const secondFactorStateSchema = z.enum(secondFactorStates).nullable();
export type SecondFactorState = z.infer<typeof secondFactorStateSchema>;

/** Who the team requires a second factor of; a new installation requires it of head vets. */
export const secondFactorRequirements = ['head_vets', 'all', 'none'] as const;
export const secondFactorRequirementSchema = z.enum(secondFactorRequirements);
export type SecondFactorRequirement = z.infer<typeof secondFactorRequirementSchema>;
export const SECOND_FACTOR_REQUIREMENT_LABELS: Record<SecondFactorRequirement, string> = {
  head_vets: 'Head vets',
  all: 'Every vet',
  none: 'Nobody',
};

export function secondFactorRequiredOf(requirement: SecondFactorRequirement, kind: string): boolean {
  return requirement === 'all' || (requirement === 'head_vets' && kind === 'head');
}

/** How long a second factor counts as recent for a sensitive action (changing a vet's access, …). */
export const RECENT_SECOND_FACTOR_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

/** Six digits from an authenticator app; spaces are forgiven (apps show "123 456"). */
const totpCode = text()
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'));
/** A recovery code as shown (`abcdef-ghijkl-mnopqr-stuvwx`), case, spaces and dashes forgiven. */
const recoveryCode = text()
  .trim()
  .max(60)
  .transform((value) => value.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{24}$/, 'Enter a recovery code'));

export const secondFactorVerifySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code: totpCode }),
  z.strictObject({ method: z.literal('recovery'), code: recoveryCode }),
]);
export type SecondFactorVerify = z.input<typeof secondFactorVerifySchema>;

export const totpConfirmSchema = z.strictObject({ code: totpCode });
export type TotpConfirm = z.input<typeof totpConfirmSchema>;

export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const secondFactorStatusSchema = z.object({
  state: secondFactorStateSchema,
  totp: z.object({ confirmedAt: timestampSchema }).nullable(),
  recoveryCodesLeft: z.number().int(),
  requirement: secondFactorRequirementSchema,
  /** Whether this session gave a second factor recently enough for a sensitive action. */
  recent: z.boolean(),
  /** The factors this session was opened or confirmed with (`password`, `totp`, `recovery`). */
  factors: z.array(z.string()),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const secondFactorRequirementUpdateSchema = z.strictObject({
  requirement: secondFactorRequirementSchema,
});
export const secondFactorRequirementResponseSchema = z.object({ requirement: secondFactorRequirementSchema });

export const secondFactorResetSchema = z.strictObject({
  reason: text().trim().min(1, 'Give the reason').max(500),
});
export type SecondFactorReset = z.infer<typeof secondFactorResetSchema>;

export const INVALID_SECOND_FACTOR_CODE_MESSAGE = 'This code is not valid';
export const RECENT_SECOND_FACTOR_REQUIRED_MESSAGE = 'Confirm it is you with your second factor';
