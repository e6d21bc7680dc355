import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { okResponseSchema } from '@vetboard/contract';
import { useCallback } from 'react';
import { api } from '../api/api-client.ts';
import { LOGIN_PATH } from '../guard/redirect-path.ts';
import { clearSession } from './session.ts';

/** SPEC §7: a failing logout is only logged; the vet is logged out locally either way. */
export async function endSession(queryClient: QueryClient): Promise<void> {
  try {
    await api.request('/v1/auth/logout', { method: 'POST', schema: okResponseSchema });
  } catch (error) {
    console.warn('Logout request failed', error);
  }
  clearSession(queryClient);
}

/** SPEC §4: logout ends the server session, forgets everything cached, and shows login. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await endSession(queryClient);
    await navigate({ to: LOGIN_PATH });
  }, [queryClient, navigate]);
}
