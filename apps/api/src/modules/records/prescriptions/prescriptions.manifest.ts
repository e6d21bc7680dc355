import type { ModuleManifest } from '../../manifest.ts';
import { drugsRoutes, prescriptionsPetRoutes, prescriptionsRoutes } from './prescriptions.routes.ts';
import { listPrescriptionTimelineEvents } from './prescriptions.service.ts';

export const manifest: ModuleManifest = {
  name: 'prescriptions',
  tier: 'records',
  routes: [
    { plugin: drugsRoutes, prefix: '/v1/drugs' },
    { plugin: prescriptionsPetRoutes, prefix: '/v1/pets' },
    { plugin: prescriptionsRoutes, prefix: '/v1/prescriptions' },
  ],
  openApiTags: [
    {
      name: 'prescriptions',
      description:
        'Medications: the drug reference list and a pet’s prescriptions, dosed from its latest weight and ' +
        'checked at prescribing (range, weight age, allergies, NSAID combinations, species); changing one (a new version) or stopping it; what each did to the vitals.',
    },
  ],
  timeline: [
    {
      kinds: ['prescription.started', 'prescription.changed', 'prescription.stopped'],
      read: listPrescriptionTimelineEvents,
    },
  ],
};
