import type { ModuleManifest } from '../../manifest.ts';
import { vetsRoutes } from './vets.routes.ts';

export const manifest: ModuleManifest = {
  name: 'vets',
  tier: 'core',
  routes: [{ plugin: vetsRoutes, prefix: '/v1/vets' }],
  openApiTags: [{ name: 'vets', description: 'Vets: list, CSV export, profile, avatar, creating a vet.' }],
};
