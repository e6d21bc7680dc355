export { createJobs, JOBS_SCHEMA, type Jobs, type JobsOptions } from './jobs.service.ts';
