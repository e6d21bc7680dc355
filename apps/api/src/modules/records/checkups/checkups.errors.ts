import { AppError, type ErrorDetail } from '../../../lib/app-error.ts';

export const checkupsErrors = {
  notFound: () => new AppError(404, 'checkups.not_found', 'Checkup not found'),
  invalidAnswers: (details: ErrorDetail[]) =>
    new AppError(400, 'checkups.invalid_answers', 'Invalid request', details),
  alreadyAnswered: () =>
    new AppError(409, 'checkups.already_answered', 'This checkup has already been answered differently'),
  petNotFound: () => new AppError(404, 'checkups.pet_not_found', 'Pet not found'),
  poolNotFound: () =>
    new AppError(400, 'checkups.pool_not_found', 'Invalid request', [
      { path: 'poolUuid', message: 'No pool with this id' },
    ]),
  notAnswered: () =>
    new AppError(409, 'checkups.not_answered', 'A checkup can only be reviewed once it has been answered'),
};
