import type { ModuleManifest } from '../../manifest.ts';
import { preventiveCarePetRoutes, preventiveProtocolsRoutes } from './preventive-care.routes.ts';

export const manifest: ModuleManifest = {
  name: 'preventive-care',
  tier: 'records',
  routes: [
    { plugin: preventiveProtocolsRoutes, prefix: '/v1/preventive-protocols' },
    { plugin: preventiveCarePetRoutes, prefix: '/v1/pets' },
  ],
  openApiTags: [
    {
      name: 'preventive-care',
      description:
        'Preventive care: the vaccination and parasite-control protocols per species, and a pet’s schedule ' +
        'from its date of birth and the doses given; recording a dose, marking an item not applicable.',
    },
  ],
};
