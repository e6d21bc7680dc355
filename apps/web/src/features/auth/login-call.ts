/**
 * What logging in needs beyond the page itself: the contract's login schemas (and with them zod's full
 * API) and the session. The login page loads this module when the vet submits, not on its first
 * download, where it would weigh as much as the page.
 */
import { type LoginRequest, loginRequestSchema, loginResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

export { startSession } from '@/lib/auth/session.ts';
export { formErrors } from '@/lib/forms/contract-form.ts';
export { loginRequestSchema };

export function logIn(body: LoginRequest) {
  return api.request('/v1/auth/login', { method: 'POST', body, schema: loginResponseSchema });
}
