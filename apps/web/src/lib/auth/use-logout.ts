import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LOGIN_PATH } from '../guard/redirect-path.ts';
import { endSession } from './session.ts';

/** SPEC §4: logout ends the server session, forgets everything cached, and shows login. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await endSession(queryClient);
    await navigate({ to: LOGIN_PATH });
  }, [queryClient, navigate]);
}
