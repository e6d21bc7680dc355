import { z } from 'zod';
import { text } from './common.ts';
import { secondFactorStateSchema } from './second-factor.ts';
import { vetSchema } from './vets.ts';

export const PASSWORD_MIN_LENGTH = 12;
/** Long inputs would make the password hash a denial-of-service vector. */
export const PASSWORD_MAX_LENGTH = 256;

export const loginRequestSchema = z.strictObject({
  email: text().trim().min(1, 'Email is required').max(320),
  password: text().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `secondFactor`: what the session still needs before it opens the dashboard (second-factor.ts). */
export const loginResponseSchema = z.object({ vet: vetSchema, secondFactor: secondFactorStateSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const currentVetResponseSchema = vetSchema;

export const passwordResetRequestSchema = z.strictObject({
  email: text().trim().min(1, 'Email is required').max(320),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetAcceptedSchema = z.object({ message: z.string() });

export const newPasswordSchema = text()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const passwordResetConfirmSchema = z.strictObject({
  token: text().min(1, 'Token is required').max(200),
  password: newPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
