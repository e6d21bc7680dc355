import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  injectPublicConfig,
  PUBLIC_CONFIG_META_NAME,
  PUBLIC_CONFIG_PLACEHOLDER,
  type PublicConfig,
} from '@vetboard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../../lib/api-path.ts';
import { ACCESS_COOKIE, sessionCookieName } from './authenticate.ts';
import { pageHtml } from './spa-preloads.ts';

const notFoundBody = { error: 'Not found', code: 'route.not_found' } as const;

/**
 * Serves the built dashboard with history fallback: any GET outside `/v1` that is not a file gets
 * index.html, with the public runtime configuration injected (no inline script: CSP forbids it).
 */
export const spaPlugin = fp(
  async (app) => {
    const indexPath = path.join(app.config.webDistDir, 'index.html');
    const hasWeb = fs.existsSync(indexPath);
    let htmlFor: ((url: string, signedIn: boolean) => string) | null = null;
    if (hasWeb) {
      const publicConfig: PublicConfig = {
        productName: app.config.productName,
        callsUrl: app.config.callsUrl,
        apiBaseUrl: '/',
      };
      const raw = fs.readFileSync(indexPath, 'utf8');
      if (!raw.includes(PUBLIC_CONFIG_PLACEHOLDER)) {
        app.log.warn(
          `index.html has no ${PUBLIC_CONFIG_META_NAME} placeholder; the web app will use its defaults`,
        );
      }
      htmlFor = pageHtml(app.config.webDistDir, injectPublicConfig(raw, publicConfig));
      await app.register(fastifyStatic, {
        root: app.config.webDistDir,
        prefix: '/',
        index: false,
        wildcard: true,
        // Brotli and gzip copies made at build time, so no request pays for compression, chosen by Accept-Encoding.
        preCompressed: true,
        // Source maps stay on the server for support; browsers never get them (they would publish our sources).
        allowedPath: (pathName) =>
          pathName !== '/index.html' && pathName !== '/route-preloads.json' && !pathName.endsWith('.map'),
        setHeaders: (reply, filePath) => {
          // Vite fingerprints everything under assets/, so those files never change.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    } else {
      app.log.warn(`No web build at ${app.config.webDistDir}: serving the API only`);
    }

    // The access cookie stands for "signed in", not the refresh cookie (which over plain http never
    // travels to pages), so a vet whose access token expired gets the plain page and the app refreshes.
    const sendIndex = (
      request: FastifyRequest,
      reply: FastifyReply,
      html: (url: string, signedIn: boolean) => string,
    ) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(html(request.url, Boolean(request.cookies[sessionCookieName(request, ACCESS_COOKIE)])));

    if (htmlFor) {
      const html = htmlFor;
      // Explicit, because the static wildcard would answer the bare directory with 403.
      app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply, html));
    }

    // A /v1 path the router cannot match (e.g. a parameter longer than its limit) must answer as the
    // API, never fall through to the static file handler's wildcard and its 403.
    app.all('/v1/*', { config: { auth: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.callNotFound(),
    );

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiRequest(request) &&
        !url.startsWith('/assets/') &&
        !url.startsWith('/healthz');
      if (isPage && htmlFor) {
        return sendIndex(request, reply, htmlFor);
      }
      return reply.status(404).send(notFoundBody);
    });
  },
  { name: 'spa' },
);
