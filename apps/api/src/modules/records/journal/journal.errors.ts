import { JOURNAL_MARK_MATCHING_MAX, JOURNAL_MAX_PHOTOS, JOURNAL_PHOTO_MAX_BYTES } from '@vetboard/contract';
import { AppError, type ErrorDetail } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

const MB = JOURNAL_PHOTO_MAX_BYTES / (1024 * 1024);

export const journalErrors = {
  notFound: () => new AppError(404, 'journal.not_found', 'Journal entry not found'),
  petNotFound: () => petsErrors.namedPetNotFound('journal', ['entry.petUuid']),
  invalidEntry: (details: ErrorDetail[]) =>
    new AppError(400, 'journal.invalid_entry', 'Invalid request', details),
  entryMissing: () =>
    new AppError(400, 'journal.entry_missing', 'Invalid request', [
      {
        path: 'entry',
        message: 'Send the entry as a JSON field named "entry", before any photo, in multipart/form-data',
      },
    ]),
  tooManyPhotos: () =>
    new AppError(400, 'journal.too_many_photos', 'Invalid request', [
      { path: 'photos', message: `At most ${JOURNAL_MAX_PHOTOS} photos per entry` },
    ]),
  photoTooLarge: () => new AppError(413, 'journal.photo_too_large', `Each photo must be at most ${MB} MB`),
  photoUnsupportedType: () =>
    new AppError(415, 'journal.photo_unsupported_type', 'Each photo must be a PNG, JPEG or WebP image'),
  idConflict: () =>
    new AppError(
      409,
      'journal.id_conflict',
      'An entry with this uuid was already received with different content',
    ),
  alreadyResolved: () =>
    new AppError(409, 'journal.already_resolved', 'This entry is resolved: it can no longer change'),
  tooManyToMark: () =>
    new AppError(
      409,
      'journal.too_many_to_mark',
      `More than ${JOURNAL_MARK_MATCHING_MAX} new entries match: narrow the filters and mark them in parts`,
    ),
  ownerHasNoEmail: () =>
    new AppError(409, 'journal.owner_unreachable', 'The pet has no owner with an e-mail address to reply to'),
};
