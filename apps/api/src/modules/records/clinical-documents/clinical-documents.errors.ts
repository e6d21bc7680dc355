import { AppError } from '../../../lib/app-error.ts';

export const clinicalDocumentsErrors = {
  notFound: () => new AppError(404, 'clinical_documents.not_found', 'Clinical document not found'),
  signedReadOnly: () =>
    new AppError(
      409,
      'clinical_documents.signed_read_only',
      'This version is signed: it can no longer change. Amend it to correct it.',
    ),
  alreadySigned: () =>
    new AppError(409, 'clinical_documents.already_signed', 'This version is already signed'),
  notSigned: () =>
    new AppError(409, 'clinical_documents.not_signed', 'Only a signed version can be amended or exported'),
  signedCannotDelete: () =>
    new AppError(409, 'clinical_documents.signed_cannot_delete', 'A signed version is never deleted'),
  notAuthor: () =>
    new AppError(403, 'clinical_documents.not_author', 'Only the vet who started this draft can delete it'),
  alreadyAmended: () =>
    new AppError(
      409,
      'clinical_documents.already_amended',
      'This version was already amended: correct the newest version instead',
    ),
  contentKindMismatch: (kind: string) =>
    new AppError(400, 'clinical_documents.invalid_content', 'Invalid request', [
      {
        path: 'content',
        message:
          kind === 'assessment'
            ? 'An assessment has problems, subjective, objective, assessment and plan'
            : 'A report has a body',
      },
    ]),
  templateForAssessment: () =>
    new AppError(400, 'clinical_documents.invalid_template', 'Invalid request', [
      { path: 'template', message: 'Only a report starts from a template' },
    ]),
  otherDocument: () =>
    new AppError(400, 'clinical_documents.other_document', 'Invalid request', [
      { path: 'versionUuid', message: 'Not a version of this document' },
    ]),
};
