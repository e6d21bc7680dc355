import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { Jobs } from '../../platform/jobs/index.ts';
import {
  issueRequestedPasswordReset,
  PASSWORD_RESET_QUEUE,
  type PasswordResetJob,
} from './auth.passwords.service.ts';
import { purgeExpiredAuthRows } from './auth.repository.ts';
import { type AuthDeps, LOGIN_FAILURE_WINDOW_MS } from './auth.service.ts';

export const AUTH_PURGE_QUEUE = 'auth.purge';

/** The scheduled clean-up of what authentication leaves behind; audited as the system's own change. */
export function defineAuthJobs(jobs: Jobs, deps: { db: Db; cron: string; now?: () => Date }): void {
  const now = deps.now ?? (() => new Date());
  jobs.define({
    queue: AUTH_PURGE_QUEUE,
    cron: deps.cron,
    retry: { limit: 2, delaySeconds: 60, backoff: false },
    async handle(_data, { jobId, actor }) {
      const at = now();
      await deps.db.transaction(async (tx) => {
        const removed = await purgeExpiredAuthRows(tx, at, new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS));
        await recordAudit(tx, actor, {
          action: 'auth.expired_purged',
          entity: 'system',
          entityId: null,
          // The audit log has a column for vets only: the job names itself beside what it did.
          changes: { ...removed, actor: { type: actor.type, name: actor.name }, jobId },
        });
      });
    },
  });
}

/**
 * Reset requests, answered before this runs. A retry redoes the whole transaction (link, audit, mail);
 * a retry after a crash between commit and completion sends a second link, which replaces the first.
 */
export function definePasswordResetJob(jobs: Jobs, deps: AuthDeps): void {
  jobs.define<PasswordResetJob>({
    queue: PASSWORD_RESET_QUEUE,
    retry: { limit: 3, delaySeconds: 20, backoff: true },
    expireInSeconds: 60,
    handle: (data) => issueRequestedPasswordReset(deps, data),
  });
}
