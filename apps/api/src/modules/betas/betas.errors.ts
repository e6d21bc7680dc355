import { AppError } from '../../lib/app-error.ts';

export const betasErrors = {
  notFound: () => new AppError(404, 'betas.not_found', 'Beta user not found'),
  userNotFound: () =>
    new AppError(400, 'betas.user_not_found', 'Invalid request', [
      { path: 'userUuid', message: 'No user with this id' },
    ]),
  alreadyEnrolled: () =>
    new AppError(409, 'betas.already_enrolled', 'This user is already enrolled in this beta feature', [
      { path: 'feature', message: 'Already enrolled' },
    ]),
};

const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` (or what it wraps: drizzle wraps driver errors in `cause`) is a violation of the
 * unique index `constraint`; the check before a write can lose a race, the index cannot.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION && candidate.constraint === constraint) return true;
    current = candidate.cause;
  }
  return false;
}
