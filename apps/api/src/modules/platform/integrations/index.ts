export { integrationsErrors } from './integrations.errors.ts';
export {
  authenticateIntegration,
  createIntegration,
  listIntegrations,
  revokeIntegration,
} from './integrations.service.ts';
