import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  servedOverTls,
  sessionCookieName,
} from '../../../plugins/app/authenticate.ts';
import type { IssuedTokens } from './auth.service.ts';

/**
 * Over plain http the refresh cookie only travels to the auth endpoints that need it. A `__Host-`
 * cookie must have Path=/, and over TLS its guarantee (no subdomain or http page can plant or shadow
 * it) is worth more than keeping an httpOnly cookie off the same origin's other requests.
 */
function refreshPath(request: FastifyRequest): string {
  return servedOverTls(request) ? '/' : '/v1/auth';
}

function baseOptions(request: FastifyRequest) {
  // No `domain`, ever: a `__Host-` cookie with one is refused, and a bare one is then host-only too.
  return { httpOnly: true, sameSite: 'lax' as const, secure: servedOverTls(request) };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens): void {
  const now = request.server.clock.now().getTime();
  reply.setCookie(sessionCookieName(request, ACCESS_COOKIE), tokens.accessToken, {
    ...baseOptions(request),
    path: '/',
    maxAge: Math.floor((tokens.accessExpiresAt.getTime() - now) / 1000),
  });
  reply.setCookie(sessionCookieName(request, REFRESH_COOKIE), tokens.refreshToken, {
    ...baseOptions(request),
    path: refreshPath(request),
    maxAge: Math.floor((tokens.refreshExpiresAt.getTime() - now) / 1000),
  });
}

/** SPEC §4: logout clears both cookies, when headers are not yet sent. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.sent || reply.raw.headersSent) return;
  reply.clearCookie(sessionCookieName(request, ACCESS_COOKIE), { ...baseOptions(request), path: '/' });
  reply.clearCookie(sessionCookieName(request, REFRESH_COOKIE), {
    ...baseOptions(request),
    path: refreshPath(request),
  });
}
