import type { FastifyRequest } from 'fastify';

/** The `/v1` API, as opposed to the dashboard's pages and assets served beside it. */
export function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** A raw URL's path as the router reads it: percent-escapes decoded, query dropped. */
function routerPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Security: decided on the route the router matched, never on the raw URL, which a client can
 * spell `/%761/…` or `/v%31/…` and still reach a `/v1` handler (issue 47: that skipped the CSRF
 * check and `no-store`). Unmatched requests fall back to the raw path decoded the router's way.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.routeOptions.url ?? routerPath(request.url));
}
