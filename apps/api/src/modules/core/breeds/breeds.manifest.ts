import type { ModuleManifest } from '../../manifest.ts';
import { breedsRoutes } from './breeds.routes.ts';
import { syncBreeds } from './breeds.sync.ts';

export const manifest: ModuleManifest = {
  name: 'breeds',
  tier: 'core',
  routes: [{ plugin: breedsRoutes, prefix: '/v1/breeds' }],
  openApiTags: [{ name: 'breeds', description: 'The breed reference list.' }],
  referenceData: syncBreeds,
};
