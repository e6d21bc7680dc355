import { AppError } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const questionsErrors = {
  notFound: () => new AppError(404, 'questions.not_found', 'Question not found'),
  petNotFound: () => petsErrors.namedPetNotFound('questions'),
  idConflict: () =>
    new AppError(
      409,
      'questions.id_conflict',
      'A question with this uuid was already received with different content',
    ),
  alreadySent: () =>
    new AppError(409, 'questions.already_sent', 'The answer was sent to the owner: it can no longer change'),
  noAnswer: () => new AppError(409, 'questions.no_answer', 'Save an answer before sending it'),
  ownerHasNoEmail: () =>
    new AppError(409, 'questions.owner_unreachable', 'The pet has no owner with an e-mail address to answer'),
};
