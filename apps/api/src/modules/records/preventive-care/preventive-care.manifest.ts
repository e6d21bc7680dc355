import type { ModuleManifest } from '../../manifest.ts';
import { preventiveCareHomeCounts } from './preventive-care.home.repository.ts';
import { definePreventiveCareJobs } from './preventive-care.jobs.ts';
import {
  preventiveCarePetRoutes,
  preventiveInboxRoutes,
  preventiveProtocolsRoutes,
} from './preventive-care.routes.ts';
import {
  listPreventiveTimelineEvents,
  PREVENTIVE_TIMELINE_KINDS,
} from './preventive-care.timeline.service.ts';

export const manifest: ModuleManifest = {
  name: 'preventive-care',
  tier: 'records',
  routes: [
    { plugin: preventiveProtocolsRoutes, prefix: '/v1/preventive-protocols' },
    { plugin: preventiveCarePetRoutes, prefix: '/v1/pets' },
    { plugin: preventiveInboxRoutes, prefix: '/v1/preventive-care' },
  ],
  openApiTags: [
    {
      name: 'preventive-care',
      description:
        'Preventive care: the vaccination and parasite-control protocols per species, and a pet’s schedule ' +
        'from its date of birth and the doses given; recording a dose, marking an item not applicable; ' +
        'the inbox across pets of what is overdue or almost due.',
    },
  ],
  jobs: ({ jobs, db, now, mailer, config }) => definePreventiveCareJobs(jobs, { db, now, mailer, config }),
  timeline: [{ kinds: PREVENTIVE_TIMELINE_KINDS, read: listPreventiveTimelineEvents }],
  home: { counts: preventiveCareHomeCounts },
};
