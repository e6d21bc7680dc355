import type { ModuleManifest } from '../../manifest.ts';
import { weeklyReportsHomeCounts } from './weekly-reports.home.repository.ts';
import { defineWeeklyReportJobs } from './weekly-reports.jobs.ts';
import { weeklyReportsPetRoutes, weeklyReportsRoutes } from './weekly-reports.routes.ts';

export const manifest: ModuleManifest = {
  name: 'weekly-reports',
  tier: 'views',
  routes: [
    { plugin: weeklyReportsRoutes, prefix: '/v1/weekly-reports' },
    { plugin: weeklyReportsPetRoutes, prefix: '/v1/pets' },
  ],
  openApiTags: [
    {
      name: 'weekly-reports',
      description:
        'Weekly reports of monitored pets: generated each Monday, reviewed and commented by a vet, sent to the owner.',
    },
  ],
  jobs: ({ jobs, db, now }) => defineWeeklyReportJobs(jobs, { db, now }),
  home: { counts: weeklyReportsHomeCounts },
};
