import { type ReferenceDataAction, referenceDataRefusal, type VetKind } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const formsErrors = {
  notFound: () => new AppError(404, 'forms.not_found', 'Form not found'),
  versionNotFound: (version: number) =>
    new AppError(404, 'forms.version_not_found', `This form has no version ${version}`),
  forbidden: (kind: VetKind, action: ReferenceDataAction) =>
    new AppError(403, 'forms.forbidden', referenceDataRefusal({ kind }, action) ?? 'Forbidden'),
  skuTaken: (sku: string) =>
    new AppError(400, 'forms.sku_taken', 'Invalid request', [
      { path: 'form.sku', message: `Another form already has the sku "${sku}"` },
    ]),
  poolNotFound: () =>
    new AppError(400, 'forms.pool_not_found', 'Invalid request', [
      { path: 'form.poolUuid', message: 'No pool with this id' },
    ]),
  petsNotFound: (paths: string[]) => petsErrors.namedPetNotFound('forms', paths),
  archived: () => new AppError(409, 'forms.archived', 'This form is archived and cannot be sent'),
  archivedReadOnly: () => new AppError(409, 'forms.archived', 'This form is archived and cannot be edited'),
};
