import type { ModuleManifest } from '../../manifest.ts';
import { defineAuthJobs, definePasswordResetJob } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';
import { secondFactorRoutes } from './auth.second-factor.routes.ts';

export const manifest: ModuleManifest = {
  name: 'auth',
  tier: 'core',
  routes: [
    { plugin: authRoutes, prefix: '/v1/auth' },
    { plugin: secondFactorRoutes, prefix: '/v1/auth' },
  ],
  openApiTags: [
    {
      name: 'auth',
      description: 'Logging in and out, the session and its refresh, password resets, the second factor.',
    },
  ],
  jobs: ({ jobs, db, config, mailer, now }) => {
    defineAuthJobs(jobs, { db, cron: config.purgeSchedule });
    definePasswordResetJob(jobs, { db, config, mailer, now });
  },
};
