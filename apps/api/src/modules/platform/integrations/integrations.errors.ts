import { AppError } from '../../../lib/app-error.ts';

export const integrationsErrors = {
  unauthorized: () =>
    new AppError(
      401,
      'integrations.unauthorized',
      'A valid integration token is required (Authorization: Bearer vbi_…)',
    ),
  notFound: () => new AppError(404, 'integrations.not_found', 'No active integration matches'),
  nameTaken: (name: string) =>
    new AppError(409, 'integrations.name_taken', `An active integration is already named "${name}"`),
  ambiguousName: (name: string) =>
    new AppError(
      409,
      'integrations.ambiguous_name',
      `Several active integrations are named "${name}": revoke one by its id`,
    ),
  invalidName: () =>
    new AppError(400, 'integrations.invalid_name', 'An integration name is 1 to 100 characters', [
      { path: 'name', message: 'Must be 1 to 100 characters' },
    ]),
};
