import type { ModuleManifest } from '../../manifest.ts';
import { petAttentionRoutes } from './pet-attention.routes.ts';

export const manifest: ModuleManifest = {
  name: 'pet-attention',
  tier: 'views',
  routes: [{ plugin: petAttentionRoutes, prefix: '/v1/pets' }],
  openApiTags: [
    {
      name: 'pet-attention',
      description:
        'What is open about one pet, for its profile’s “Needs attention”: its open cards by severity, reminders ' +
        'due or overdue, checkups and records waiting for review, open owner questions.',
    },
  ],
};
