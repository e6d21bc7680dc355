import type { ModuleManifest } from '../../manifest.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';

export const manifest: ModuleManifest = {
  name: 'subscriptions',
  tier: 'core',
  routes: [{ plugin: subscriptionsRoutes, prefix: '/v1/subscriptions' }],
  openApiTags: [{ name: 'subscriptions', description: "Families' subscriptions and their statuses." }],
};
