import type { DietPublish, DietWarning } from '@vetboard/contract';
import { HttpError } from '@/lib/api/api-errors.ts';

const WARNING_PREFIX = 'acknowledgedWarnings.';

/** What the API said when it refused a publish for its warnings (409 `diets.unacknowledged_warnings`). */
export interface PublishRefusal {
  /** The warnings as the server computes them now, from the `acknowledgedWarnings.<code>` details. */
  warnings: DietWarning[];
  reasonMissing: boolean;
}

export function publishRefusalOf(error: unknown): PublishRefusal | null {
  if (!(error instanceof HttpError) || error.status !== 409 || error.code !== 'diets.unacknowledged_warnings')
    return null;
  const details = error.details ?? [];
  return {
    warnings: details.flatMap((detail) =>
      detail.path.startsWith(WARNING_PREFIX)
        ? [{ code: detail.path.slice(WARNING_PREFIX.length), message: detail.message }]
        : [],
    ),
    reasonMissing: details.some((detail) => detail.path === 'acknowledgementReason'),
  };
}

/** The acknowledgement checkbox and the reason, judged before sending; null when the body may go. */
export function publishErrors(
  warnings: readonly DietWarning[],
  acknowledged: boolean,
  reason: string,
): { acknowledged?: string; reason?: string } | null {
  if (warnings.length === 0) return null;
  const errors = {
    ...(acknowledged ? {} : { acknowledged: 'Acknowledge the warnings to publish' }),
    ...(reason.trim() ? {} : { reason: 'A reason is required' }),
  };
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The body of `POST /v1/diets/{id}/publish`: the warnings the vet saw, and why they publish anyway. */
export function publishBody(warnings: readonly DietWarning[], reason: string): DietPublish {
  if (warnings.length === 0) return {};
  return {
    acknowledgedWarnings: warnings.map((warning) => warning.code),
    acknowledgementReason: reason.trim(),
  };
}
