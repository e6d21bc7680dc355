import type { ModuleManifest } from '../../manifest.ts';
import { filesRoutes } from './files.routes.ts';

export const manifest: ModuleManifest = {
  name: 'files',
  tier: 'platform',
  routes: [{ plugin: filesRoutes, prefix: '/v1/files' }],
  openApiTags: [
    { name: 'files', description: 'Stored files (avatars, diet PDFs), with their checked type and an ETag.' },
  ],
};
