import { INVALID_CREDENTIALS_MESSAGE } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

export const authErrors = {
  invalidCredentials: () => new AppError(401, 'auth.invalid_credentials', INVALID_CREDENTIALS_MESSAGE),
  unauthenticated: () => new AppError(401, 'auth.unauthenticated', 'Authentication required'),
  refreshInvalid: () =>
    new AppError(401, 'auth.refresh_invalid', 'Your session has expired, please log in again'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'auth.too_many_attempts',
      'Too many failed login attempts, please try again later',
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  weakPassword: (reason: string) =>
    new AppError(400, 'auth.weak_password', reason, [{ path: 'password', message: reason }]),
  resetTokenInvalid: () =>
    new AppError(400, 'auth.reset_token_invalid', 'This password reset link is invalid or has expired'),
};
