import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect, type StaticDataRouteOption } from '@tanstack/react-router';
import { SessionExpiredError } from '../api/api-errors.ts';
import { authStore } from '../auth/auth-store.ts';
import { clearSession, confirmSession } from '../auth/session.ts';
import { RouteError } from '../errors/route-error.ts';
import { HOME_PATH, loginRedirect } from './redirect-path.ts';

export interface GuardContext {
  location: Pick<ParsedLocation, 'href'>;
  matches: readonly { staticData: StaticDataRouteOption }[];
  queryClient: QueryClient;
  /** Hover prefetches run the guard too; they must not log anybody out. */
  preload: boolean;
}

export type Middleware = (context: GuardContext) => void | Promise<void>;

/** SPEC §2: login, the reset pages and the diet PDF are the only pages open without a session. */
export function isPublicRoute(matches: GuardContext['matches']): boolean {
  return matches.some((match) => match.staticData.isPublic === true);
}

const auth: Middleware = async ({ location, matches, queryClient, preload }) => {
  if (isPublicRoute(matches)) return;
  if (!authStore.getState().loggedIn) {
    if (!preload) clearSession(queryClient);
    throw redirect(loginRedirect(location.href));
  }
  try {
    await confirmSession(queryClient);
  } catch (error) {
    if (error instanceof SessionExpiredError) throw redirect(loginRedirect(location.href));
    throw error;
  }
};

const guest: Middleware = async ({ queryClient }) => {
  if (!authStore.getState().loggedIn) return;
  try {
    await confirmSession(queryClient);
  } catch {
    // A stale flag, or the server is unreachable: either way the login form is the right page to show.
    return;
  }
  throw redirect({ to: HOME_PATH });
};

/** The one place per-route checks are defined; routes name them in `staticData.middleware`. */
export const middlewareRegistry = { auth, guest } satisfies Record<string, Middleware>;

export type MiddlewareName = keyof typeof middlewareRegistry;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Checks run after 'auth', which every route runs (SPEC §2 "Access guard"). */
    middleware?: readonly MiddlewareName[];
    isPublic?: true;
  }
}

const DEFAULT_MIDDLEWARE: readonly string[] = ['auth'];

export function resolveMiddleware(name: string): Middleware {
  if (!Object.hasOwn(middlewareRegistry, name)) throw new RouteError(500, 'Unknown middleware');
  return middlewareRegistry[name as MiddlewareName];
}

export function middlewareNamesFor(matches: GuardContext['matches']): string[] {
  return [
    ...new Set([...DEFAULT_MIDDLEWARE, ...matches.flatMap((match) => match.staticData.middleware ?? [])]),
  ];
}

/** Every name is resolved before any check runs, so a misnamed check fails the same way logged in or not. */
export async function runMiddleware(context: GuardContext): Promise<void> {
  const middleware = middlewareNamesFor(context.matches).map(resolveMiddleware);
  for (const check of middleware) await check(context);
}
