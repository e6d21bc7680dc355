import type { ModuleManifest } from '../../manifest.ts';
import { integrationsRoutes } from './integrations.routes.ts';

export const manifest: ModuleManifest = {
  name: 'integrations',
  tier: 'platform',
  routes: [{ plugin: integrationsRoutes, prefix: '/v1/integrations' }],
  openApiTags: [
    {
      name: 'integrations',
      description:
        'Integration tokens (the collar platform, the owner app): made, listed and revoked by head vets.',
    },
  ],
};
