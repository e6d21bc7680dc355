import type { ModuleManifest } from '../../manifest.ts';
import { timelinePetRoutes } from './timeline.routes.ts';

export const manifest: ModuleManifest = {
  name: 'timeline',
  tier: 'views',
  routes: [{ plugin: timelinePetRoutes, prefix: '/v1/pets' }],
  openApiTags: [
    {
      name: 'timeline',
      description:
        'A pet’s timeline: every event about it from the collar, the owner app and vets, newest first, paged by ' +
        'cursor, or those of a time range (the markers on a tracker chart).',
    },
  ],
};
