import type { ModuleManifest } from '../../manifest.ts';
import { healthRoutes } from './health.routes.ts';

export const manifest: ModuleManifest = {
  name: 'health',
  tier: 'platform',
  routes: [{ plugin: healthRoutes }],
  openApiTags: [
    { name: 'health', description: 'Whether the server and its database answer (for load balancers).' },
  ],
};
