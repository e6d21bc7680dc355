import {
  MEDICAL_RECORD_REVIEW_MATCHING_MAX,
  MEDICAL_RECORD_UPLOAD_MESSAGES,
  type ReferenceDataAction,
  referenceDataRefusal,
  type VetKind,
} from '@vetboard/contract';
import { AppError, type ErrorDetail } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const medicalRecordsErrors = {
  notFound: () => new AppError(404, 'medical_records.not_found', 'Medical record not found'),
  petNotFound: () => petsErrors.namedPetNotFound('medical_records'),
  invalidFields: (details: ErrorDetail[]) =>
    new AppError(400, 'medical_records.invalid_fields', 'Invalid request', details),
  fileMissing: () =>
    new AppError(400, 'medical_records.file_missing', 'Invalid request', [
      {
        path: 'file',
        message:
          'Send the fields (petUuid, title, documentDate) and then one file named "file" in multipart/form-data',
      },
    ]),
  tooLarge: () => new AppError(413, 'medical_records.too_large', MEDICAL_RECORD_UPLOAD_MESSAGES.tooLarge),
  unsupportedType: () =>
    new AppError(415, 'medical_records.unsupported_type', MEDICAL_RECORD_UPLOAD_MESSAGES.unsupportedType),
  labelNotFound: (path = 'labelUuids') =>
    new AppError(400, 'medical_records.label_not_found', 'Invalid request', [
      { path, message: 'No active label with this id' },
    ]),
  idConflict: () =>
    new AppError(
      409,
      'medical_records.id_conflict',
      'A record with this id was already received for another pet: nothing was stored',
    ),
  tooManyToReview: () =>
    new AppError(
      409,
      'medical_records.too_many_to_review',
      `More than ${MEDICAL_RECORD_REVIEW_MATCHING_MAX} records awaiting review match: narrow the filters and review them in parts`,
    ),
  alreadyReviewed: () =>
    new AppError(409, 'medical_records.already_reviewed', 'This record has already been reviewed'),
};

export const labelsErrors = {
  notFound: () => new AppError(404, 'labels.not_found', 'Label not found'),
  forbidden: (kind: VetKind, action: ReferenceDataAction) =>
    new AppError(403, 'labels.forbidden', referenceDataRefusal({ kind }, action) ?? 'Forbidden'),
  nameTaken: () =>
    new AppError(409, 'labels.name_taken', 'Invalid request', [
      { path: 'name', message: 'Another label already has this name' },
    ]),
  mergeIntoItself: () =>
    new AppError(400, 'labels.merge_into_itself', 'Invalid request', [
      { path: 'intoUuid', message: 'Choose another label to merge into' },
    ]),
  mergeTargetNotFound: () =>
    new AppError(400, 'labels.merge_target_not_found', 'Invalid request', [
      { path: 'intoUuid', message: 'No label with this id' },
    ]),
};
