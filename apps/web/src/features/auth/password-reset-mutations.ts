import { useMutation } from '@tanstack/react-query';
import {
  okResponseSchema,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  passwordResetAcceptedSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

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
