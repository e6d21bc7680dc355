import type { ClinicalDocumentStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { clinicalDocumentsErrors } from './clinical-documents.errors.ts';

/**
 * A draft is edited freely (autosaved) and signed once; a signed version never changes and is
 * corrected by an amendment, a new draft version (`newVersionOf`).
 */
export const clinicalDocumentLifecycle = documentLifecycle<
  ClinicalDocumentStatus,
  'edit' | 'sign' | 'amend' | 'delete'
>({
  initial: 'draft',
  actions: {
    delete: { from: ['draft'], refused: clinicalDocumentsErrors.signedCannotDelete },
    edit: { from: ['draft'], refused: clinicalDocumentsErrors.signedReadOnly },
    sign: { from: ['draft'], to: 'signed', refused: clinicalDocumentsErrors.alreadySigned },
    amend: { from: ['signed'], refused: clinicalDocumentsErrors.notSigned },
  },
});
