import type { ModuleManifest } from '../../manifest.ts';
import { alertBadgesOfPets, listPetAlertTimelineEvents } from './pet-alerts.read.service.ts';
import { petAlertsRoutes } from './pet-alerts.routes.ts';

export const manifest: ModuleManifest = {
  name: 'pet-alerts',
  tier: 'records',
  routes: [{ plugin: petAlertsRoutes, prefix: '/v1/pets' }],
  openApiTags: [
    {
      name: 'pet-alerts',
      description:
        'Patient alerts: what every vet must know before handling or treating a pet ("Will bite", "Do not ' +
        'sedate", …), with who set them and when.',
    },
  ],
  timeline: [{ kinds: ['pet_alert.set', 'pet_alert.removed'], read: listPetAlertTimelineEvents }],
  petAlertBadges: alertBadgesOfPets,
};
