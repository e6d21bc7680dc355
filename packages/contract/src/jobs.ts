import { z } from 'zod';
import { timestampSchema } from './common.ts';
import type { VetKind } from './vets.ts';

/** `/jobs` and its API are a head vet's: the queue shows what every vet's changes set going. */
export function canSeeJobs(actor: { kind: VetKind }): boolean {
  return actor.kind === 'head';
}

export const JOBS_FORBIDDEN_MESSAGE = 'Only head vets can see the jobs';

export const jobQueueSummarySchema = z.object({
  name: z.string(),
  /** Waiting to run, a retry included. */
  queued: z.number().int(),
  active: z.number().int(),
  /** Failed for good (no try left) in the last 24 hours. */
  failedLast24h: z.number().int(),
});
export type JobQueueSummary = z.infer<typeof jobQueueSummarySchema>;

export const jobFailureSchema = z.object({
  uuid: z.string(),
  queue: z.string(),
  failedAt: timestampSchema,
  /** How many times it ran. */
  attempts: z.number().int(),
  error: z.string(),
});
export type JobFailure = z.infer<typeof jobFailureSchema>;

export const jobsOverviewResponseSchema = z.object({
  queues: z.array(jobQueueSummarySchema),
  /** The most recent failures, newest first, that can still be retried. */
  failures: z.array(jobFailureSchema),
});
export type JobsOverviewResponse = z.infer<typeof jobsOverviewResponseSchema>;

/** Our queues' names (`auth.purge`): a letter, digit or `_`, then those, `.` and `-`. */
export const jobRetryParamsSchema = z.object({
  queue: z
    .string()
    .max(100)
    .regex(/^\w[\w.-]*$/, 'Not a queue name'),
  id: z.uuid(),
});
