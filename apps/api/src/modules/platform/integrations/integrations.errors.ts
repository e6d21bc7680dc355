import { INTEGRATIONS_FORBIDDEN_MESSAGE } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

export const integrationsErrors = {
  unauthorized: () =>
    new AppError(
      401,
      'integrations.unauthorized',
      'A valid integration token is required (Authorization: Bearer vbi_…)',
    ),
  notFound: () => new AppError(404, 'integrations.not_found', 'No active integration matches'),
  forbidden: () => new AppError(403, 'integrations.forbidden', INTEGRATIONS_FORBIDDEN_MESSAGE),
  companyNotFound: (sku: string) =>
    new AppError(400, 'integrations.company_not_found', 'Invalid request', [
      { path: 'companySku', message: `No company has the code "${sku}"` },
    ]),
  nameTaken: (name: string) =>
    new AppError(409, 'integrations.name_taken', `An active integration is already named "${name}"`),
  ambiguousName: (name: string) =>
    new AppError(
      409,
      'integrations.ambiguous_name',
      `Several active integrations are named "${name}": revoke one by its id`,
    ),
  invalidScopes: () =>
    new AppError(
      400,
      'integrations.invalid_scopes',
      'Give the token at least one scope: readings, owner_app',
      [{ path: 'scopes', message: 'One or more of readings, owner_app' }],
    ),
  /** The token is valid, but not for this kind of call (a collar platform's token posting an owner's question). */
  scopeNotGranted: (scope: string) =>
    new AppError(
      403,
      'integrations.scope_not_granted',
      `This integration token is not allowed to do this (it needs the ${scope} scope)`,
    ),
  invalidName: () =>
    new AppError(400, 'integrations.invalid_name', 'An integration name is 1 to 100 characters', [
      { path: 'name', message: 'Must be 1 to 100 characters' },
    ]),
};
