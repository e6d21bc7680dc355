import { AppError } from '../../../lib/app-error.ts';

export const timelineErrors = {
  invalidCursor: () =>
    new AppError(400, 'timeline.invalid_cursor', 'Invalid request', [
      { path: 'cursor', message: 'Not a cursor this timeline gave' },
    ]),
};
