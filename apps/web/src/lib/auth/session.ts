import type { QueryClient } from '@tanstack/react-query';
import type { Vet } from '@vetboard/contract';
import { authVetQueryOptions } from './auth-queries.ts';
import { authStore } from './auth-store.ts';

/** After a successful login: the answer already holds the vet, so it seeds the cache instead of a second call. */
export function startSession(queryClient: QueryClient, vet: Vet): void {
  queryClient.setQueryData(authVetQueryOptions().queryKey, vet);
  authStore.logIn(vet);
}

/** SPEC §4: logging out, or any 401, clears the cached vet and the auth state; nothing of the last vet may linger. */
export function clearSession(queryClient: QueryClient): void {
  authStore.clear();
  queryClient.clear();
}

/** The guard's check: the persisted flag is only a hint until the server confirms the session. */
export async function confirmSession(queryClient: QueryClient): Promise<Vet> {
  const vet = await queryClient.ensureQueryData(authVetQueryOptions());
  authStore.logIn(vet);
  return vet;
}

/**
 * SPEC §4 "Updating the vet drops the cache and refetches": call after changing the logged-in vet
 * (profile edit) so the header and every view of the vet show the new values.
 */
export async function reloadSessionVet(queryClient: QueryClient): Promise<Vet> {
  queryClient.removeQueries({ queryKey: authVetQueryOptions().queryKey });
  return confirmSession(queryClient);
}
