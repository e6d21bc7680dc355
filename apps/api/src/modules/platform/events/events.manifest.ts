import type { ModuleManifest } from '../../manifest.ts';
import { eventsRoutes } from './events.routes.ts';

export const manifest: ModuleManifest = {
  name: 'events',
  tier: 'platform',
  routes: [{ plugin: eventsRoutes, prefix: '/v1/events' }],
  openApiTags: [{ name: 'events', description: 'Server-sent events that keep open screens up to date.' }],
};
