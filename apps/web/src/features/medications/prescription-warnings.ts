import { type PrescriptionWarningCode, prescriptionWarningCodes } from '@vetboard/contract';
import { HttpError } from '@/lib/api/api-errors.ts';

const WARNING_PREFIX = 'confirmedWarnings.';

/** The warnings of a 409 refusal, from the `confirmedWarnings.<code>` paths the API names. */
export function warningsOf(error: unknown): Array<{ code: PrescriptionWarningCode; message: string }> | null {
  if (!(error instanceof HttpError) || error.status !== 409 || !error.details) return null;
  return error.details.flatMap((detail) => {
    const code = detail.path.slice(WARNING_PREFIX.length) as PrescriptionWarningCode;
    return detail.path.startsWith(WARNING_PREFIX) && prescriptionWarningCodes.includes(code)
      ? [{ code, message: detail.message }]
      : [];
  });
}
