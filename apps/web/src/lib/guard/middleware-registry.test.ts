import { QueryClient } from '@tanstack/react-query';
import { isRedirect, type StaticDataRouteOption } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleVet } from '../../test/fixtures.ts';
import { api } from '../api/api-client.ts';
import { SessionExpiredError } from '../api/api-errors.ts';
import { authKeys } from '../auth/auth-queries.ts';
import { authStore } from '../auth/auth-store.ts';
import { RouteError } from '../errors/route-error.ts';
import {
  type GuardContext,
  middlewareNamesFor,
  resolveMiddleware,
  runMiddleware,
} from './middleware-registry.ts';

function context(
  staticData: StaticDataRouteOption[],
  href = '/betas?x=1',
): GuardContext & { queryClient: QueryClient } {
  return {
    location: { href },
    matches: [{ staticData: {} }, ...staticData.map((data) => ({ staticData: data }))],
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    preload: false,
  };
}

async function outcome(promise: Promise<unknown>) {
  try {
    await promise;
    return { type: 'continue' as const };
  } catch (error) {
    if (isRedirect(error))
      return { type: 'redirect' as const, to: error.options.to, search: error.options.search };
    return { type: 'error' as const, error };
  }
}

afterEach(() => {
  authStore.clear();
});

describe('middleware registry', () => {
  it("fails with 500 'Unknown middleware' for a name it lacks", () => {
    expect(() => resolveMiddleware('nope')).toThrow(RouteError);
    expect(() => resolveMiddleware('toString')).toThrow('Unknown middleware');
    try {
      resolveMiddleware('nope');
    } catch (error) {
      expect(error).toMatchObject({ status: 500, message: 'Unknown middleware' });
    }
  });

  it('reports an unknown name on a route even before the auth check', async () => {
    const result = await outcome(runMiddleware(context([{ middleware: ['nope' as 'guest'] }])));
    expect(result).toMatchObject({ type: 'error', error: { status: 500, message: 'Unknown middleware' } });
  });

  it("runs 'auth' on every route, plus the route's own checks once each", () => {
    expect(middlewareNamesFor([{ staticData: {} }])).toEqual(['auth']);
    expect(
      middlewareNamesFor([{ staticData: {} }, { staticData: { middleware: ['guest', 'auth'] } }]),
    ).toEqual(['auth', 'guest']);
  });
});

describe('auth check', () => {
  it('logs a logged-out visitor out and sends them to login with the full path', async () => {
    const ctx = context([{}]);
    ctx.queryClient.setQueryData(['something'], 1);
    const result = await outcome(runMiddleware(ctx));
    expect(result).toEqual({ type: 'redirect', to: '/login', search: { redirectPath: '/betas?x=1' } });
    expect(ctx.queryClient.getQueryData(['something'])).toBeUndefined();
  });

  it('lets a logged-out visitor open public pages', async () => {
    expect(await outcome(runMiddleware(context([{ isPublic: true }])))).toEqual({ type: 'continue' });
  });

  it('lets a logged-in vet through once the server confirms the session', async () => {
    authStore.logIn(sampleVet);
    const ctx = context([{}]);
    ctx.queryClient.setQueryData(authKeys.vet(), sampleVet);
    expect(await outcome(runMiddleware(ctx))).toEqual({ type: 'continue' });
  });

  it('sends the vet to login when the server says the session is over', async () => {
    authStore.logIn(sampleVet);
    vi.spyOn(api, 'request').mockRejectedValue(new SessionExpiredError(401, undefined, undefined));
    const result = await outcome(runMiddleware(context([{}], '/checkups?page=2')));
    expect(result).toEqual({ type: 'redirect', to: '/login', search: { redirectPath: '/checkups?page=2' } });
  });

  it('shows other failures as errors', async () => {
    authStore.logIn(sampleVet);
    vi.spyOn(api, 'request').mockRejectedValue(new Error('boom'));
    expect(await outcome(runMiddleware(context([{}])))).toMatchObject({ type: 'error' });
  });
});

describe('guest check', () => {
  it('sends a logged-in vet from login to the home path', async () => {
    authStore.logIn(sampleVet);
    const ctx = context([{ isPublic: true, middleware: ['guest'] }], '/login');
    ctx.queryClient.setQueryData(authKeys.vet(), sampleVet);
    expect(await outcome(runMiddleware(ctx))).toEqual({ type: 'redirect', to: '/', search: undefined });
  });

  it('shows login when the stored session turns out to be over', async () => {
    authStore.logIn(sampleVet);
    vi.spyOn(api, 'request').mockRejectedValue(new SessionExpiredError(401, undefined, undefined));
    const ctx = context([{ isPublic: true, middleware: ['guest'] }], '/login');
    expect(await outcome(runMiddleware(ctx))).toEqual({ type: 'continue' });
  });

  it('shows login to a logged-out visitor', async () => {
    expect(
      await outcome(runMiddleware(context([{ isPublic: true, middleware: ['guest'] }], '/login'))),
    ).toEqual({
      type: 'continue',
    });
  });
});
