import fp from 'fastify-plugin';
import { isApiRequest } from '../../lib/api-path.ts';
import { AppError } from '../../lib/app-error.ts';

/** `Host: localhost:80` and `Origin: http://localhost` are the same place: compare them normalised. */
function hostOf(protocol: string, host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function crossOrigin(): AppError {
  return new AppError(403, 'request.cross_origin', 'Cross-origin requests are not allowed');
}

/**
 * CSRF defence for cookie sessions: a browser always sends `Sec-Fetch-Site` and/or `Origin` on
 * mutations, so a mutation that a browser marks as coming from another site is refused.
 */
export const sameOriginPlugin = fp(
  async (app) => {
    const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
      const site = request.headers['sec-fetch-site'];
      if (site && site !== 'same-origin' && site !== 'none') throw crossOrigin();
      const origin = request.headers.origin;
      if (origin === undefined) return;
      let parsed: URL;
      try {
        parsed = new URL(origin);
      } catch {
        throw crossOrigin();
      }
      // HTTP/2 names the host in its `:authority` pseudo-header, not in `Host`.
      const authority = request.headers[':authority'];
      const host = request.headers.host ?? (typeof authority === 'string' ? authority : undefined);
      if (allowedOrigins.has(parsed.origin)) return;
      // Scheme, host and port, as the browser's same-origin rule: a page served over plain HTTP (one an
      // attacker on the network can write) is not the dashboard served over HTTPS on the same host.
      const scheme = `${request.protocol}:`;
      if (parsed.protocol !== scheme || parsed.host !== hostOf(scheme, host)) throw crossOrigin();
    });
  },
  { name: 'same-origin' },
);
