export { integrationsErrors } from './integrations.errors.ts';
export { type IntegrationScope, integrationScopes } from './integrations.scopes.ts';
export {
  authenticateIntegration,
  createIntegration,
  listIntegrations,
  revokeIntegration,
} from './integrations.service.ts';
