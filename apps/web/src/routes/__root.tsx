import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from '@/components/errors/route-error-page.tsx';
import { runMiddleware } from '@/lib/guard/middleware-registry.ts';
import type { RouterContext } from '@/lib/routing/router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // SPEC §2 "Access guard": one place runs the checks of every matched route, on every navigation.
  beforeLoad: ({ context, location, matches, preload }) =>
    runMiddleware({ queryClient: context.queryClient, location, matches, preload }),
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});
