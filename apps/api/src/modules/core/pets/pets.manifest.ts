import type { ModuleManifest } from '../../manifest.ts';
import { petsRoutes } from './pets.routes.ts';

export const manifest: ModuleManifest = {
  name: 'pets',
  tier: 'core',
  routes: [{ plugin: petsRoutes, prefix: '/v1/pets' }],
  openApiTags: [{ name: 'pets', description: "A pet's profile and health profile." }],
};
