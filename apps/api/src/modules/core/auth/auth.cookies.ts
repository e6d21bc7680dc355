import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../../plugins/app/authenticate.ts';
import type { IssuedTokens } from './auth.service.ts';

/** The refresh cookie only travels to the auth endpoints that need it. */
const REFRESH_COOKIE_PATH = '/v1/auth';

function baseOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens): void {
  const now = request.server.clock.now().getTime();
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...baseOptions(request),
    path: '/',
    maxAge: Math.floor((tokens.accessExpiresAt.getTime() - now) / 1000),
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...baseOptions(request),
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor((tokens.refreshExpiresAt.getTime() - now) / 1000),
  });
}

/** SPEC §4: logout clears both cookies, when headers are not yet sent. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.sent || reply.raw.headersSent) return;
  reply.clearCookie(ACCESS_COOKIE, { ...baseOptions(request), path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...baseOptions(request), path: REFRESH_COOKIE_PATH });
}
