import { pendingCardConcernLabels } from '@vetboard/contract';
import type { ModuleManifest } from '../../manifest.ts';
import { pendingCardsHomeCounts } from './pending-cards.home.repository.ts';
import { listPendingCardsPage, listPendingCardTimelineEvents } from './pending-cards.inbox.service.ts';
import { definePendingCardJobs } from './pending-cards.jobs.ts';
import { pendingCardsRoutes } from './pending-cards.routes.ts';

export const manifest: ModuleManifest = {
  name: 'pending-cards',
  tier: 'records',
  routes: [{ plugin: pendingCardsRoutes, prefix: '/v1/pending-cards' }],
  openApiTags: [
    {
      name: 'pending-cards',
      description:
        'Pending cards raised by collar, weight, checkup and journal signals: the queue, one card with its ' +
        'triggers, claiming, snoozing and resolving cards or single triggers.',
    },
  ],
  jobs: ({ jobs, events, db, now }) => definePendingCardJobs(jobs, events, { db, now }),
  timeline: [
    { kinds: ['pending_card.raised', 'pending_card.resolved'], read: listPendingCardTimelineEvents },
  ],
  attention: {
    kind: 'pending_card',
    read: async (deps, actor, petId, limit) => {
      const { pendingCards, pagination } = await listPendingCardsPage(deps, actor, {
        page: 1,
        pageSize: limit,
        search: undefined,
        view: 'open',
        sort: 'queue',
        order: 'desc',
        petUuid: petId,
      });
      return {
        total: pagination.total,
        items: pendingCards.map((card) => ({
          uuid: card.uuid,
          title: pendingCardConcernLabels[card.concern],
          detail: card.latestTrigger?.detail ?? null,
          severity: card.severity,
          since: card.openedAt,
          overdue: false,
          claimedBy: card.claimedBy,
          link: `/pending-cards/${card.uuid}`,
        })),
      };
    },
  },
  home: {
    counts: pendingCardsHomeCounts,
    lists: async (deps, actor, listed) => {
      const query = {
        page: 1,
        pageSize: listed,
        search: undefined,
        view: 'open',
        sort: 'queue',
        order: 'desc',
      } as const;
      const [mine, severe] = await Promise.all([
        listPendingCardsPage(deps, actor, { ...query, assignment: 'mine' }),
        listPendingCardsPage(deps, actor, query),
      ]);
      return { myCards: mine.pendingCards, severeCards: severe.pendingCards };
    },
  },
};
