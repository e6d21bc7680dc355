import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/api-path.ts';
import { authErrors } from '../../modules/auth/auth.errors.ts';

export const ACCESS_COOKIE = 'vb_access';
export const REFRESH_COOKIE = 'vb_refresh';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Every `/v1` route needs a valid session unless it is marked `config: { public: true }`
 * (issue #2 §3). The access token comes from the Authorization header or the httpOnly cookie.
 */
export const authenticatePlugin = fp(
  async (app) => {
    app.decorateRequest('vet', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      // Unknown /v1 paths must answer 404, not 401, so only matched /v1 routes are checked.
      const route = request.routeOptions.url;
      if (!route || !isApiPath(route) || request.routeOptions.config.public) return;
      const token = bearerToken(request.headers.authorization) ?? request.cookies[ACCESS_COOKIE];
      const session = token ? await app.services.auth.authenticate(token) : null;
      if (!session) throw authErrors.unauthenticated();
      request.vet = session.vet;
      request.sessionId = session.sessionId;
    });
  },
  { name: 'authenticate', dependencies: ['services'] },
);
