import type { ModuleManifest } from '../../manifest.ts';
import { trackersRoutes } from './trackers.ingest.routes.ts';
import { trackersReadRoutes } from './trackers.read.routes.ts';
import { trackersPetRoutes } from './trackers.thresholds.routes.ts';
import { weightRoutes } from './trackers.weight.routes.ts';
import { listWeightTimelineEvents } from './trackers.weight.service.ts';

export const manifest: ModuleManifest = {
  name: 'trackers',
  tier: 'records',
  routes: [
    { plugin: trackersPetRoutes, prefix: '/v1/pets' },
    { plugin: trackersReadRoutes, prefix: '/v1/pets' },
    { plugin: weightRoutes, prefix: '/v1/weight-history' },
    { plugin: trackersRoutes, prefix: '/v1/trackers' },
  ],
  openApiTags: [
    {
      name: 'trackers',
      description:
        'Collar readings (respiratory rate, head shaking, drinking, heart rate): histories, charts bucketed in ' +
        "the pet's timezone, averages and latest values; respiratory thresholds; ingestion from collar platforms.",
    },
    { name: 'weight', description: "A pet's weight: history, chart, adding and correcting entries." },
  ],
  timeline: [{ kinds: ['weight.recorded'], read: listWeightTimelineEvents }],
};
