import type { ModuleManifest } from '../../manifest.ts';
import { formsRoutes } from './checkups.forms.routes.ts';
import { checkupsHomeCounts } from './checkups.home.repository.ts';
import { checkupsPetRoutes, checkupsRoutes } from './checkups.routes.ts';
import { listCheckupTimelineEvents } from './checkups.service.ts';

export const manifest: ModuleManifest = {
  name: 'checkups',
  tier: 'records',
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
  home: { counts: checkupsHomeCounts },
};
