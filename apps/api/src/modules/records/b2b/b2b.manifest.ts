import type { ModuleManifest } from '../../manifest.ts';
import { b2bHomeCounts } from './b2b.home.repository.ts';
import { b2bRoutes } from './b2b.routes.ts';
import { listDailyStatusTimelineEvents } from './b2b.service.ts';

export const manifest: ModuleManifest = {
  name: 'b2b',
  tier: 'records',
  routes: [{ plugin: b2bRoutes, prefix: '/v1/b2b' }],
  openApiTags: [
    {
      name: 'b2b',
      description:
        "B2B pets' daily statuses, the daily-status and urgent-report e-mails to the companies, and their record.",
    },
  ],
  timeline: [{ kinds: ['daily_status.written'], read: listDailyStatusTimelineEvents }],
  home: { counts: b2bHomeCounts },
};
