import { AVATAR_MAX_BYTES, VETS_FORBIDDEN_MESSAGE } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

export const vetsErrors = {
  emailTaken: () =>
    new AppError(409, 'vets.email_taken', 'A vet with this e-mail already exists', [
      { path: 'email', message: 'Already in use' },
    ]),
  notFound: () => new AppError(404, 'vets.not_found', 'Vet not found'),
  forbidden: () => new AppError(403, 'vets.forbidden', VETS_FORBIDDEN_MESSAGE),
  unknownKind: () =>
    new AppError(400, 'vets.unknown_kind', 'Unknown vet kind', [
      {
        path: 'kind',
        message: 'Use regular, head, b2b, partner, undefined, or the product name for its own vets',
      },
    ]),
  companyRequired: () =>
    new AppError(400, 'vets.company_required', 'B2B vets and partners belong to a company', [
      { path: 'companySku', message: 'Choose the company of this vet' },
    ]),
  companyNotAllowed: () =>
    new AppError(400, 'vets.company_not_allowed', 'Only B2B vets and partners belong to a company', [
      { path: 'companySku', message: 'Only B2B vets and partners belong to a company' },
    ]),
  unknownCompany: () =>
    new AppError(400, 'vets.unknown_company', 'Unknown company', [
      { path: 'companySku', message: 'No company has this code' },
    ]),
  avatarMissing: () =>
    new AppError(400, 'vets.avatar_missing', 'Send the image as a multipart/form-data file', [
      { path: 'file', message: 'Required' },
    ]),
  avatarTooLarge: () =>
    new AppError(
      413,
      'vets.avatar_too_large',
      `The image is larger than ${AVATAR_MAX_BYTES / (1024 * 1024)} MB`,
    ),
  avatarUnsupportedType: () =>
    new AppError(415, 'vets.avatar_unsupported_type', 'The image must be a PNG, JPEG or WebP file'),
  avatarOneFile: () => new AppError(400, 'vets.avatar_one_file', 'Send one image only'),
  avatarNotFound: () => new AppError(404, 'vets.avatar_not_found', 'Image not found'),
};
