import type { DomainEvent } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import type { Jobs } from '../../platform/jobs/index.ts';
import {
  CONSUMED_EVENT_TYPES,
  checkCollarCoverage,
  consumeSignalEvents,
} from './pending-cards.signals.service.ts';

export const CONSUME_EVENTS_QUEUE = 'pending-cards.consume-events';
export const COLLAR_COVERAGE_QUEUE = 'pending-cards.collar-coverage';

/**
 * The card rules that run outside the request that caused them. Signal events (a problematic checkup,
 * a severe journal entry) are consumed by a job queued as soon as the event hub hears of one, and by a
 * schedule every minute that catches whatever a stopped instance missed. Collar coverage is checked
 * every fifteen minutes.
 */
export function definePendingCardJobs(
  jobs: Jobs,
  hub: { subscribe(listener: (event: DomainEvent) => void): () => void },
  deps: { db: Db; now: Now },
): void {
  jobs.define({
    queue: CONSUME_EVENTS_QUEUE,
    cron: '* * * * *',
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    async handle(_data, { actor }) {
      await consumeSignalEvents(deps, actor);
    },
  });
  jobs.define({
    queue: COLLAR_COVERAGE_QUEUE,
    cron: '*/15 * * * *',
    retry: { limit: 2, delaySeconds: 60, backoff: false },
    async handle(_data, { actor }) {
      await checkCollarCoverage(deps, actor);
    },
  });
  const types = new Set(CONSUMED_EVENT_TYPES);
  hub.subscribe((event) => {
    if (!types.has(event.type)) return;
    jobs
      .send(deps.db, CONSUME_EVENTS_QUEUE, {})
      .then(() => jobs.wake(CONSUME_EVENTS_QUEUE))
      .catch(() => {
        // The minutely schedule picks the event up.
      });
  });
}
