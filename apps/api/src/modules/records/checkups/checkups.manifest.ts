import { countOf } from '@vetboard/contract';
import type { ModuleManifest } from '../../manifest.ts';
import { formsRoutes } from './checkups.forms.routes.ts';
import { checkupsHomeCounts } from './checkups.home.repository.ts';
import { checkupsPetRoutes, checkupsRoutes } from './checkups.routes.ts';
import { listCheckupsPage, listCheckupTimelineEvents } from './checkups.service.ts';
import { checkupsAwaitingReview } from './checkups.signals.repository.ts';

export const manifest: ModuleManifest = {
  name: 'checkups',
  tier: 'records',
  itemState: { entity: 'checkup', read: checkupsAwaitingReview },
  routes: [
    { plugin: formsRoutes, prefix: '/v1/forms' },
    { plugin: checkupsRoutes, prefix: '/v1/checkups' },
    { plugin: checkupsPetRoutes, prefix: '/v1/pets' },
  ],
  openApiTags: [
    {
      name: 'checkups',
      description:
        'Checkups sent to owners: the inbox, one checkup, the review, answers from the owner app, filling one.',
    },
    {
      name: 'forms',
      description:
        'Checkup forms and pools (reusable templates): the builder, versions, archiving, sending to owners.',
    },
  ],
  timeline: [
    { kinds: ['checkup.sent', 'checkup.answered', 'checkup.reviewed'], read: listCheckupTimelineEvents },
  ],
  attention: {
    kind: 'checkup',
    read: async (deps, actor, petId, limit) => {
      // Answered and not yet reviewed; problematic ones first (the inbox's order).
      const { checkups, pagination } = await listCheckupsPage(deps, actor, {
        page: 1,
        pageSize: limit,
        search: undefined,
        status: 'answered',
        petUuid: petId,
        sort: 'inbox',
        order: 'asc',
      });
      return {
        total: pagination.total,
        items: checkups.map((checkup) => ({
          uuid: checkup.uuid,
          title: checkup.form.title,
          detail: checkup.problematic
            ? countOf(checkup.problematicCount, { one: 'problematic answer', other: 'problematic answers' })
            : null,
          severity: null,
          since: checkup.answeredAt ?? checkup.sentAt,
          overdue: false,
          claimedBy: null,
          link: `/checkups/${checkup.uuid}`,
        })),
      };
    },
  },
  home: { counts: checkupsHomeCounts },
};
