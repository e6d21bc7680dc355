export { authErrors } from './auth.errors.ts';
export { defineAuthJobs } from './auth.jobs.ts';
export {
  type AuthDeps,
  authenticate,
  issuePasswordSetupLink,
  revokeAllSessions,
  writePasswordSetupLink,
} from './auth.service.ts';
