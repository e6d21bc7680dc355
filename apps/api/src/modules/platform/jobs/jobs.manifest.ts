import type { ModuleManifest } from '../../manifest.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { installJobSchema } from './jobs.service.ts';

export const manifest: ModuleManifest = {
  name: 'jobs',
  tier: 'platform',
  routes: [{ plugin: jobsRoutes, prefix: '/v1/jobs' }],
  openApiTags: [
    { name: 'jobs', description: 'The background job queues: waiting, running and failed jobs, retries.' },
  ],
  referenceData: installJobSchema,
};
