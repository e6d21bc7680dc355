import { queryOptions } from '@tanstack/react-query';
import { okResponseSchema, type SecondFactorVerify, secondFactorStatusSchema } from '@vetboard/contract';
import { api } from '../api/api-client.ts';
import { HttpError } from '../api/api-errors.ts';
import { authKeys } from './auth-queries.ts';

/** GET /v1/auth/second-factor: what the session still needs, the vet's factors. */
export function secondFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: [...authKeys.all, 'second-factor'] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/auth/second-factor', { schema: secondFactorStatusSchema, signal }),
  });
}

/** POST /v1/auth/second-factor: the login's second step, or a confirmation before a sensitive action. */
export function verifySecondFactor(body: SecondFactorVerify) {
  return api.request('/v1/auth/second-factor', { method: 'POST', body, schema: okResponseSchema });
}

/** A sensitive action the API refused until the vet confirms it is them (issue #47). */
export function asksForRecentSecondFactor(error: unknown): boolean {
  return error instanceof HttpError && error.code === 'auth.recent_second_factor_required';
}
