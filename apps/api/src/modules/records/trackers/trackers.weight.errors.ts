import { MAX_READING_FUTURE_SECONDS } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

export const weightErrors = {
  notFound: () => new AppError(404, 'weight.not_found', 'Weight entry not found'),
  /** The value rounds to the stored two decimals outside (0, 200) kg. */
  valueOutOfRange: () =>
    new AppError(400, 'weight.value_out_of_range', 'Invalid request', [
      { path: 'value', message: 'Must be above 0 kg and below 200 kg' },
    ]),
  measuredInFuture: () =>
    new AppError(400, 'weight.measured_in_future', 'Invalid request', [
      {
        path: 'measuredAt',
        message: `Cannot be more than ${MAX_READING_FUTURE_SECONDS / 60} minutes in the future`,
      },
    ]),
  measuredBeforeBirth: () =>
    new AppError(400, 'weight.measured_before_birth', 'Invalid request', [
      { path: 'measuredAt', message: "Cannot be before the pet's birth date" },
    ]),
};
