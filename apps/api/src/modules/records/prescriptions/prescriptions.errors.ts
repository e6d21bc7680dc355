import type { PrescriptionWarning } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const prescriptionsErrors = {
  notFound: () => new AppError(404, 'prescriptions.not_found', 'Prescription not found'),
  petNotFound: () => petsErrors.notFound(),
  drugNotFound: () =>
    new AppError(400, 'prescriptions.drug_not_found', 'Invalid request', [
      { path: 'drugCode', message: 'No drug with this code' },
    ]),
  strengthNotFound: () =>
    new AppError(400, 'prescriptions.strength_not_found', 'Invalid request', [
      { path: 'strengthId', message: 'This drug has no such strength' },
    ]),
  // Without a weight there is no mg/kg dose to compute, so this one cannot be confirmed away.
  noWeight: () =>
    new AppError(422, 'prescriptions.weight_missing', 'The pet has no weight on file', [
      { path: 'doseMgPerKg', message: 'Record a weight first: the dose is computed from it' },
    ]),
  strengthTooStrong: () =>
    new AppError(422, 'prescriptions.strength_too_strong', 'This strength cannot give the dose', [
      {
        path: 'strengthId',
        message: 'Even the smallest part of this strength is over twice the dose: choose a smaller one',
      },
    ]),
  /**
   * Warnings the vet has not confirmed: each detail's path is the `confirmedWarnings` entry that would
   * confirm it, so the form can show the message beside its checkbox and send the code back.
   */
  unconfirmedWarnings: (warnings: PrescriptionWarning[]) =>
    new AppError(
      409,
      'prescriptions.unconfirmed_warnings',
      'Confirm the warnings with a reason to prescribe',
      warnings.map((warning) => ({ path: `confirmedWarnings.${warning.code}`, message: warning.message })),
    ),
  notActive: () => new AppError(409, 'prescriptions.not_active', 'This prescription is no longer active'),
};
