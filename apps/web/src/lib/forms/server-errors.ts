import { HttpError } from '../api/api-errors.ts';

interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

/**
 * Puts a rejected write's reasons on the form fields they concern: a 400's `details[].path` entries
 * that name a field, and a 409 (something unique already taken) on `conflictField`. Answers false when
 * nothing could be placed on a field, so the caller shows the error the usual way (the 'Error' toast).
 */
export function applyServerFieldErrors(
  form: FieldErrorTarget,
  error: unknown,
  { fields, conflictField }: { fields: readonly string[]; conflictField?: string },
): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.status === 409 && conflictField) {
    form.setFieldError(conflictField, error.serverMessage ?? 'Already taken');
    return true;
  }
  if (error.status !== 400 || !error.details) return false;
  let placed = false;
  for (const detail of error.details) {
    if (!fields.includes(detail.path)) continue;
    form.setFieldError(detail.path, detail.message);
    placed = true;
  }
  return placed;
}
