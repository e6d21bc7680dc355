import { type JobFailure, toTimestamp } from '@vetboard/contract';
import type { FailedJobRow } from './jobs.overview.repository.ts';

/** pg-boss keeps a thrown error as `{ name, message, stack }` and any other failure as `{ value }`. */
function errorText(output: unknown): string {
  if (output && typeof output === 'object') {
    const { message, value } = output as { message?: unknown; value?: unknown };
    if (typeof message === 'string' && message) return message;
    if (value !== undefined) return typeof value === 'string' ? value : JSON.stringify(value);
    return JSON.stringify(output);
  }
  return output === null || output === undefined ? 'No error was recorded' : String(output);
}

export function toJobFailureDto(row: FailedJobRow): JobFailure {
  return {
    uuid: row.id,
    queue: row.name,
    failedAt: toTimestamp(new Date(row.completedOn)),
    attempts: row.retryCount + 1,
    error: errorText(row.output),
  };
}
