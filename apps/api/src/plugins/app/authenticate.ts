import type { SecondFactorState } from '@vetboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/api-path.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import {
  assertRecentSecondFactor,
  authErrors,
  authenticate,
  standingSessions,
} from '../../modules/core/auth/index.ts';
import type { VetRow } from '../../modules/core/vets/index.ts';
import { authenticateIntegration, integrationsErrors } from '../../modules/platform/integrations/index.ts';
import {
  type Actor,
  type IntegrationActor,
  integrationActor,
  type VetActor,
  vetActor,
} from '../../policy/actor.ts';

export const ACCESS_COOKIE = 'vb_access';
export const REFRESH_COOKIE = 'vb_refresh';

/**
 * Over TLS, directly or behind a proxy (`x-forwarded-proto` under TRUST_PROXY, or an https PUBLIC_URL),
 * the session cookies are `__Host-` ones: the browser then takes them only Secure, for Path=/ and this
 * host alone, so a sibling subdomain or a plain-http page cannot plant a session of its choosing. Plain
 * http (local dev, tests) keeps the bare names, which a browser would refuse with the prefix.
 */
export function servedOverTls(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:');
}

/** The name `cookie` goes by on this request (read and written alike). */
export function sessionCookieName(
  request: FastifyRequest,
  cookie: typeof ACCESS_COOKIE | typeof REFRESH_COOKIE,
): string {
  return servedOverTls(request) ? `__Host-${cookie}` : cookie;
}

/**
 * How a `/v1` route authenticates, set per route as `config: { auth }` (default `session`):
 * - `session`: a vet's access token (Authorization header or the httpOnly cookie);
 * - `integration`: an integration token in the Authorization header; a vet's session is refused;
 * - `signed-link-or-session`: a vet's session, else the route's `verifySignedLink` must accept the request;
 * - `public`: anyone (login, password reset, health).
 */
export type AuthMode = 'session' | 'integration' | 'signed-link-or-session' | 'public';

export interface SessionSecondFactor {
  state: SecondFactorState;
  at: Date | null;
  factors: string[];
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The vet of a `session` route: the auth hook guarantees one, so this only narrows the type. */
export function sessionVet(request: FastifyRequest): VetActor {
  if (request.actor?.type !== 'vet') throw authErrors.unauthenticated();
  return request.actor;
}

/** Whoever the route's auth mode let in; only `public` routes have none. */
export function requestActor(request: FastifyRequest): Actor {
  if (!request.actor) throw authErrors.unauthenticated();
  return request.actor;
}

/** The id of the session a `session` route was called with. */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.sessionId) throw authErrors.unauthenticated();
  return request.sessionId;
}

/** The session's full vet row, for the one route that shows it (`/auth/vet`). */
export function sessionVetRow(request: FastifyRequest): VetRow {
  if (!request.vet) throw authErrors.unauthenticated();
  return request.vet;
}

/**
 * For what outlives its request (the event stream): which of these sessions still stand, with their
 * vet's kind and company now, so a stream can end with its session.
 */
export function standingSessionsOf(app: FastifyInstance, sessionIds: string[]) {
  return standingSessions({ db: app.database.db, now: app.clock.now }, sessionIds);
}

/** The client of an `integration` route. */
export function sessionIntegration(request: FastifyRequest): IntegrationActor {
  if (request.actor?.type !== 'integration') throw integrationsErrors.unauthorized();
  return request.actor;
}

export const authenticatePlugin = fp(
  async (app) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('vet', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('secondFactor', null);

    const sessionDeps = { db: app.database.db, now: app.clock.now };

    async function sessionActor(request: FastifyRequest): Promise<Actor | null> {
      const token =
        bearerToken(request.headers.authorization) ??
        request.cookies[sessionCookieName(request, ACCESS_COOKIE)];
      const session = token ? await authenticate(sessionDeps, token) : null;
      if (!session) return null;
      // A password alone opens only the second step (or the set-up the team requires) and logout.
      if (session.secondFactorState && !request.routeOptions.config.secondFactorPending) {
        if (request.routeOptions.config.auth === 'signed-link-or-session') return null;
        throw session.secondFactorState === 'verify'
          ? authErrors.secondFactorPending()
          : authErrors.secondFactorSetupRequired();
      }
      request.vet = session.vet;
      request.secondFactor = {
        state: session.secondFactorState,
        at: session.secondFactorAt,
        factors: session.factors,
      };
      request.sessionId = session.sessionId;
      return vetActor(session.vet, requestMeta(request));
    }

    // Before the body is read, so an unauthenticated client cannot make the server parse a large body.
    app.addHook('onRequest', async (request) => {
      // Unknown /v1 paths must answer 404, not 401, so only matched /v1 routes are checked.
      const route = request.routeOptions.url;
      if (!route || !isApiPath(route)) return;
      const mode: AuthMode = request.routeOptions.config.auth ?? 'session';
      if (mode === 'public') return;
      if (mode === 'integration') {
        const integration = await authenticateIntegration(
          { db: app.database.db },
          bearerToken(request.headers.authorization),
          app.clock.now(),
        );
        if (!integration) throw integrationsErrors.unauthorized();
        // Fails closed: a route that forgot to say what it is for takes no token at all.
        const needed = request.routeOptions.config.integrationScope;
        if (!needed || !integration.scopes.includes(needed))
          throw integrationsErrors.scopeNotGranted(needed ?? 'a declared');
        request.actor = integrationActor(integration, requestMeta(request));
        return;
      }
      request.actor = await sessionActor(request);
      if (!request.actor && mode === 'session') throw authErrors.unauthenticated();
    });

    // After validation, so a route can tell from its body whether this request is the sensitive kind.
    app.addHook('preHandler', async (request) => {
      const { recentSecondFactor } = request.routeOptions.config;
      if (!recentSecondFactor || request.actor?.type !== 'vet') return;
      if (recentSecondFactor !== true && !recentSecondFactor(request)) return;
      await assertRecentSecondFactor(sessionDeps, {
        vetId: request.actor.vetId,
        secondFactorAt: request.secondFactor?.at ?? null,
      });
    });

    // A signed link is checked once the query is validated, so its fields arrive typed.
    app.addHook('preHandler', async (request) => {
      const { auth, verifySignedLink } = request.routeOptions.config;
      if (auth !== 'signed-link-or-session' || request.actor) return;
      if (!verifySignedLink) throw authErrors.unauthenticated();
      await verifySignedLink(request);
      request.actor = { type: 'link', meta: requestMeta(request) };
    });
  },
  { name: 'authenticate', dependencies: ['services', 'database'] },
);
