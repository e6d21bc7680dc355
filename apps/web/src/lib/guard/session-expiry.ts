import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { setSessionExpiredHandler } from '../api/api-client.ts';
import { clearSession } from '../auth/session.ts';
import { isPublicRoute } from './middleware-registry.ts';
import { loginRedirect } from './redirect-path.ts';

/**
 * SPEC §4/§8: a 401 that a refresh cannot cure logs the vet out and sends them to login with the page
 * they were on (or were going to), so they come back to it.
 */
export function installSessionExpiry(router: AnyRouter, queryClient: QueryClient): void {
  setSessionExpiredHandler(() => {
    clearSession(queryClient);
    const location = router.latestLocation;
    const [routes] = router.getMatchedRoutes(location.pathname);
    if (isPublicRoute(routes.map((route) => ({ staticData: route.options.staticData ?? {} })))) return;
    void router.navigate({ ...loginRedirect(location.href), replace: true });
  });
}
