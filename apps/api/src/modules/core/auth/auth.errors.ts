import {
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_SECOND_FACTOR_CODE_MESSAGE,
  RECENT_SECOND_FACTOR_REQUIRED_MESSAGE,
} from '@vetboard/contract';
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
  secondFactorPending: () =>
    new AppError(403, 'auth.second_factor_pending', 'Finish logging in with your second factor'),
  secondFactorSetupRequired: () =>
    new AppError(
      403,
      'auth.second_factor_setup_required',
      'Your team requires a second factor: set one up to continue',
    ),
  invalidSecondFactorCode: () =>
    new AppError(400, 'auth.invalid_second_factor_code', INVALID_SECOND_FACTOR_CODE_MESSAGE, [
      { path: 'code', message: INVALID_SECOND_FACTOR_CODE_MESSAGE },
    ]),
  tooManyCodeAttempts: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'auth.too_many_code_attempts',
      'Too many wrong codes, please try again later',
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  noSecondFactor: () => new AppError(400, 'auth.no_second_factor', 'You have no second factor set up'),
  totpAlreadySetUp: () =>
    new AppError(409, 'auth.totp_already_set_up', 'An authenticator app is already set up: remove it first'),
  totpEnrolmentNotStarted: () =>
    new AppError(400, 'auth.totp_enrolment_not_started', 'Start setting up the authenticator app first'),
  recentSecondFactorRequired: () =>
    new AppError(403, 'auth.recent_second_factor_required', RECENT_SECOND_FACTOR_REQUIRED_MESSAGE),
  secondFactorForbidden: () =>
    new AppError(403, 'auth.second_factor_forbidden', 'Only head vets may do this'),
  secondFactorResetSelf: () =>
    new AppError(400, 'auth.second_factor_reset_self', 'Remove your own factors from your security page'),
  vetNotFound: () => new AppError(404, 'auth.vet_not_found', 'Vet not found'),
};
