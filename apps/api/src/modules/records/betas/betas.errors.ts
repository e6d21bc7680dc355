import { AppError } from '../../../lib/app-error.ts';

export const betasErrors = {
  notFound: () => new AppError(404, 'betas.not_found', 'Beta user not found'),
  userNotFound: () =>
    new AppError(400, 'betas.user_not_found', 'Invalid request', [
      { path: 'userUuid', message: 'No user with this id' },
    ]),
  alreadyEnrolled: () =>
    new AppError(409, 'betas.already_enrolled', 'This user is already enrolled in this beta feature', [
      { path: 'feature', message: 'Already enrolled' },
    ]),
};
