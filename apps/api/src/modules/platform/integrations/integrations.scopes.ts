import { type IntegrationScopeName, integrationScopeSchema } from '@vetboard/contract';

/**
 * What a token is for: `readings` (a collar platform posting readings) or `owner_app` (the owner app
 * posting journal entries, questions, medical records and checkup answers). A route names the one it
 * needs (`integrationScope`); a token without it is refused.
 */
export const integrationScopes = integrationScopeSchema.options;
export type IntegrationScope = IntegrationScopeName;
