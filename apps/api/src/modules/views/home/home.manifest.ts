import type { ModuleManifest } from '../../manifest.ts';
import { homeRoutes } from './home.routes.ts';

export const manifest: ModuleManifest = {
  name: 'home',
  tier: 'views',
  routes: [{ plugin: homeRoutes, prefix: '/v1/home' }],
  openApiTags: [
    {
      name: 'home',
      description:
        'The home page: the vet’s counts of every queue, their own work and the most severe cards.',
    },
  ],
};
