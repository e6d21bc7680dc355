import { AppError } from '../../../lib/app-error.ts';

export const usersErrors = {
  notFound: () => new AppError(404, 'users.not_found', 'User not found'),
};
