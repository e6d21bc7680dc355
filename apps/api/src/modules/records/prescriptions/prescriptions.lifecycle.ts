import type { PrescriptionStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { prescriptionsErrors } from './prescriptions.errors.ts';

/** Active until a vet changes (a new version) or stops it; a changed, stopped or completed one is history. */
export const prescriptionLifecycle = documentLifecycle<PrescriptionStatus, 'stop' | 'change'>({
  initial: 'active',
  actions: {
    stop: { from: ['active'], to: 'stopped', refused: prescriptionsErrors.notActive },
    // A change replaces the version with a new one: the old is kept, `changed`, and changes no more.
    change: { from: ['active'], to: 'changed', refused: prescriptionsErrors.notActive },
  },
});
