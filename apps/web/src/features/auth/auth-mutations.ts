import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@vetboard/contract';

/** The login call, its schemas and the session it starts, loaded when the vet submits (see login-call.ts). */
export const loadLoginCall = () => import('./login-call.ts');

/** POST /v1/auth/login; its errors (e.g. 401 'Invalid email or password') go to the 'Error' toast (SPEC §8). */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginRequest) => (await loadLoginCall()).logIn(body),
    // A session that still needs its second factor is not one yet: the dashboard stays closed.
    onSuccess: async ({ vet, secondFactor }) => {
      if (secondFactor === null) (await loadLoginCall()).startSession(queryClient, vet);
    },
  });
}
