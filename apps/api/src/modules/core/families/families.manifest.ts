import type { ModuleManifest } from '../../manifest.ts';
import { familiesRoutes } from './families.routes.ts';

export const manifest: ModuleManifest = {
  name: 'families',
  tier: 'core',
  routes: [{ plugin: familiesRoutes, prefix: '/v1/families' }],
  openApiTags: [{ name: 'families', description: 'A family: its owner and its pets.' }],
};
