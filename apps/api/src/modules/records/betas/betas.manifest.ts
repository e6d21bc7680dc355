import type { ModuleManifest } from '../../manifest.ts';
import { betasRoutes } from './betas.routes.ts';

export const manifest: ModuleManifest = {
  name: 'betas',
  tier: 'records',
  routes: [{ plugin: betasRoutes, prefix: '/v1/betas' }],
  openApiTags: [{ name: 'betas', description: 'Users enrolled in beta programmes.' }],
};
