import type { ModuleManifest } from '../../manifest.ts';
import { companiesRoutes } from './companies.routes.ts';

export const manifest: ModuleManifest = {
  name: 'companies',
  tier: 'core',
  routes: [{ plugin: companiesRoutes, prefix: '/v1/companies' }],
  openApiTags: [{ name: 'companies', description: 'B2B companies (insurers, kennels) and their codes.' }],
};
