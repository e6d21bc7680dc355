import type { MedicalRecordStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { medicalRecordsErrors } from './medical-records.errors.ts';

/** A record awaits labels and a vet's review; labels and title may still be corrected after review. */
export const medicalRecordLifecycle = documentLifecycle<MedicalRecordStatus, 'edit' | 'review'>({
  initial: 'pending',
  actions: {
    edit: { from: ['pending', 'reviewed'], refused: medicalRecordsErrors.alreadyReviewed },
    review: { from: ['pending'], to: 'reviewed', refused: medicalRecordsErrors.alreadyReviewed },
  },
});
