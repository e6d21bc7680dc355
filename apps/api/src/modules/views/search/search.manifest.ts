import type { ModuleManifest } from '../../manifest.ts';
import { searchRoutes } from './search.routes.ts';

export const manifest: ModuleManifest = {
  name: 'search',
  tier: 'views',
  routes: [{ plugin: searchRoutes, prefix: '/v1/search' }],
  openApiTags: [{ name: 'search', description: 'One search box over users, pets and vets.' }],
};
