import type { PrescriptionStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { prescriptionsErrors } from './prescriptions.errors.ts';

/** Active until a vet stops it; a stopped (or completed) prescription is history and changes no more. */
export const prescriptionLifecycle = documentLifecycle<PrescriptionStatus, 'stop'>({
  initial: 'active',
  actions: {
    stop: { from: ['active'], to: 'stopped', refused: prescriptionsErrors.notActive },
  },
});
