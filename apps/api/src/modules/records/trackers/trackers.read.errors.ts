import { MAX_CHART_BUCKETS } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

/** Errors of the tracker read endpoints (charts, histories, averages). */
export const trackersReadErrors = {
  rangeTooLong: () =>
    new AppError(400, 'trackers.range_too_long', 'The range is too long', [
      { path: 'endDate', message: `A chart has at most ${MAX_CHART_BUCKETS} points: choose a shorter range` },
    ]),
  rangeEmpty: () =>
    new AppError(400, 'trackers.invalid_range', 'Invalid request', [
      { path: 'endDate', message: 'Must be after startDate' },
    ]),
  rangeIncomplete: (missing: 'startDate' | 'endDate') =>
    new AppError(400, 'trackers.invalid_range', 'Invalid request', [
      { path: missing, message: 'startDate and endDate go together' },
    ]),
};
