import { AppError } from '../../lib/app-error.ts';

export const vetsErrors = {
  emailTaken: () =>
    new AppError(409, 'vets.email_taken', 'A vet with this e-mail already exists', [
      { path: 'email', message: 'Already in use' },
    ]),
};
