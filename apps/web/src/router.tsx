import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PagePending } from './components/feedback/page-pending.tsx';
import { RouteProgress } from './components/feedback/route-progress.tsx';
import { authVetQueryOptions } from './lib/auth/auth-queries.ts';
import { prefetchMode, watchPrefetchConditions } from './lib/navigation/prefetch-policy.ts';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: prefetchMode(navigator),
    // TanStack Query owns data freshness; the router should not keep its own copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    // SPEC §9: once shown, a pending state stays at least 200 ms so it does not flash.
    defaultPendingMinMs: 200,
    scrollRestoration: true,
    // Outside the route tree, so the bar also shows while the first page's guard is still running.
    InnerWrap: ({ children }) => (
      <>
        <RouteProgress />
        {children}
      </>
    ),
  });

  // SPEC §9: prefetch follows the connection as it changes (offline, 2g, data-saver).
  watchPrefetchConditions(window, () => {
    router.update({ ...router.options, defaultPreload: prefetchMode(navigator) });
  });

  return router;
}

/**
 * Starts downloading the first page's route code at once. The router would fetch it only after the
 * guard's `beforeLoad` has asked the server who is signed in, one round trip later on every cold load.
 */
export function preloadFirstPageCode(
  router: ReturnType<typeof createAppRouter>,
  queryClient: QueryClient,
  pathname: string,
  loggedIn: boolean,
): void {
  const [routes] = router.getMatchedRoutes(pathname);
  // Signed out, a private page only redirects to the login: its code would be downloaded for nothing.
  const isPublic = routes.some((route) => route.options.staticData?.isPublic === true);
  if (!loggedIn && !isPublic) return;
  // The guard's session check goes first: asked after the route's scripts, it waited for one of the
  // browser's six connections behind them, and every data request of the page waits for it.
  // The guard's own check joins this request; a failure is left to the guard, which asks again.
  if (!isPublic) void queryClient.prefetchQuery(authVetQueryOptions());
  for (const route of routes) {
    // A failed download is retried, and reported, by the navigation itself.
    router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
