export { getOrCreateSecret, signingKey } from './app-secrets.service.ts';
