import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type LoginRequest,
  loginResponseSchema,
  okResponseSchema,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  passwordResetAcceptedSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { startSession } from '@/lib/auth/session.ts';

/** POST /v1/auth/login; its errors (e.g. 401 'Invalid email or password') go to the 'Error' toast (SPEC §8). */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      api.request('/v1/auth/login', { method: 'POST', body, schema: loginResponseSchema }),
    onSuccess: ({ vet }) => startSession(queryClient, vet),
  });
}

/** POST /v1/auth/password-reset: answers the same whether or not the address is known. */
export function usePasswordResetRequestMutation() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      api.request('/v1/auth/password-reset', { method: 'POST', body, schema: passwordResetAcceptedSchema }),
  });
}

/** POST /v1/auth/password-reset/confirm: the page shows a bad or expired link inline, next to the way out. */
export function usePasswordResetConfirmMutation() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirm) =>
      api.request('/v1/auth/password-reset/confirm', { method: 'POST', body, schema: okResponseSchema }),
    meta: { handlesErrors: true },
  });
}
