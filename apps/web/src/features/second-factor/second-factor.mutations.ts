import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  okResponseSchema,
  recoveryCodesSchema,
  type TotpConfirm,
  totpEnrolmentSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { secondFactorStatusQueryOptions } from '@/lib/auth/second-factor-calls.ts';

const statusKey = secondFactorStatusQueryOptions().queryKey;

/** POST /v1/auth/second-factor/totp: a new secret to scan; nothing changes until it is confirmed. */
export function useStartTotpMutation() {
  return useMutation({
    mutationFn: () =>
      api.request('/v1/auth/second-factor/totp', { method: 'POST', schema: totpEnrolmentSchema }),
  });
}

/** POST …/totp/confirm: the app is set up; the answer's recovery codes are shown once. */
export function useConfirmTotpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpConfirm) =>
      api.request('/v1/auth/second-factor/totp/confirm', {
        method: 'POST',
        body,
        schema: recoveryCodesSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
    meta: { handlesErrors: true },
  });
}

/** DELETE …/totp: asks for a recent second factor (the screen retries after it). */
export function useRemoveTotpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request('/v1/auth/second-factor/totp', { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
    meta: { handlesErrors: true },
  });
}

export function useRegenerateRecoveryCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request('/v1/auth/second-factor/recovery-codes', { method: 'POST', schema: recoveryCodesSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
    meta: { handlesErrors: true },
  });
}
