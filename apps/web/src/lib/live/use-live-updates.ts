import { useQueryClient } from '@tanstack/react-query';
import { vetSchema } from '@vetboard/contract';
import { useEffect } from 'react';
import { api } from '../api/api-client.ts';
import { buildUrl } from '../api/http-client.ts';
import { useAuthState } from '../auth/auth-store.ts';
import { publicConfig } from '../config/public-config.ts';
import { startLiveUpdates } from './live-connection.ts';
import './pet-live-keys.ts';

/** One live connection while a vet is signed in; mounted once, by the signed-in shell. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { loggedIn } = useAuthState();
  useEffect(() => {
    if (!loggedIn || typeof EventSource === 'undefined') return;
    return startLiveUpdates({
      url: buildUrl(publicConfig.apiBaseUrl, '/v1/events'),
      queryClient,
      checkSession: () => api.request('/v1/auth/vet', { schema: vetSchema }),
    });
  }, [loggedIn, queryClient]);
}
