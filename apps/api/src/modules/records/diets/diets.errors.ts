import type { DietWarning } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const dietsErrors = {
  notFound: () => new AppError(404, 'diets.not_found', 'Diet not found'),
  petNotFound: () => petsErrors.namedPetNotFound('diets'),
  petOfListNotFound: () => petsErrors.notFound(),
  nextAssessmentBeforeFormulated: () =>
    new AppError(400, 'diets.next_assessment_before_formulated', 'Invalid request', [
      { path: 'nextAssessmentOn', message: 'The next assessment cannot be before the formulation date' },
    ]),
  unknownIngredients: (positions: number[]) =>
    new AppError(
      400,
      'diets.ingredient_not_found',
      'Invalid request',
      positions.map((index) => ({
        path: `ingredients.${index}.ingredientId`,
        message: 'No ingredient with this id',
      })),
    ),
  unsupportedUnit: (positions: number[]) =>
    new AppError(
      400,
      'diets.unit_not_supported',
      'Invalid request',
      positions.map((index) => ({
        path: `ingredients.${index}.unit`,
        message: 'This unit cannot be converted to grams',
      })),
    ),
  publishedReadOnly: () =>
    new AppError(409, 'diets.published_read_only', 'A published diet cannot be changed: copy it to edit'),
  publishedCannotDelete: () =>
    new AppError(409, 'diets.published_cannot_delete', 'A published diet cannot be deleted: only drafts can'),
  /**
   * Warnings the vet has not acknowledged: each detail's path is the `acknowledgedWarnings` entry that
   * would acknowledge it, so the dialog can show the list as the server sees it now.
   */
  unacknowledgedWarnings: (warnings: DietWarning[], reasonMissing: boolean) =>
    new AppError(409, 'diets.unacknowledged_warnings', 'Acknowledge the warnings with a reason to publish', [
      ...warnings.map((warning) => ({
        path: `acknowledgedWarnings.${warning.code}`,
        message: warning.message,
      })),
      ...(reasonMissing
        ? [{ path: 'acknowledgementReason', message: 'Say why you publish despite the warnings' }]
        : []),
    ]),
  alreadyPublished: () => new AppError(409, 'diets.already_published', 'This diet is already published'),
  linkExpired: () =>
    new AppError(410, 'diets.link_expired', 'This diet link has expired. Ask your vet for a new link.'),
  linkInvalid: () =>
    new AppError(
      403,
      'diets.link_invalid',
      'This diet link is not valid. Check that it was copied in full, or ask your vet for a new link.',
    ),
};
