import { JOBS_FORBIDDEN_MESSAGE } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

export const jobsErrors = {
  forbidden: () => new AppError(403, 'jobs.forbidden', JOBS_FORBIDDEN_MESSAGE),
  failedJobNotFound: () =>
    new AppError(
      404,
      'jobs.failed_job_not_found',
      'No failed job with this id in this queue (it may have been retried already)',
    ),
};
