import type { ModuleManifest } from '../../manifest.ts';
import { usersRoutes } from './users.routes.ts';

export const manifest: ModuleManifest = {
  name: 'users',
  tier: 'core',
  routes: [{ plugin: usersRoutes, prefix: '/v1/users' }],
  openApiTags: [
    {
      name: 'users',
      description: 'Pet owners and family members, as a paged list, a CSV export and one detail.',
    },
  ],
};
