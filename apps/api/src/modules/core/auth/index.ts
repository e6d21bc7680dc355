export { authErrors } from './auth.errors.ts';
export { defineAuthJobs } from './auth.jobs.ts';
export { issuePasswordSetupLink, writePasswordSetupLink } from './auth.passwords.service.ts';
export {
  assertRecentSecondFactor,
  hasSecondFactor,
  writeSecondFactorRequirement,
} from './auth.second-factor.service.ts';
export { type AuthDeps, authenticate, revokeAllSessions, standingSessions } from './auth.service.ts';
