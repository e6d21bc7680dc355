import fs from 'node:fs';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { newId } from './lib/ids.ts';
import { redactUrl } from './lib/redact-url.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { MANIFESTS, viewSourcesOf } from './modules/registry.ts';
import { authenticatePlugin } from './plugins/app/authenticate.ts';
import { databasePlugin } from './plugins/app/database.ts';
import { errorHandlerPlugin } from './plugins/app/error-handler.ts';
import { eventsPlugin } from './plugins/app/events.ts';
import { type JobsTiming, jobsPlugin } from './plugins/app/jobs.ts';
import { jsonBodyPlugin } from './plugins/app/json-body.ts';
import { mailerPlugin } from './plugins/app/mailer.ts';
import { noStorePlugin } from './plugins/app/no-store.ts';
import { robotsPlugin } from './plugins/app/robots.ts';
import { sameOriginPlugin } from './plugins/app/same-origin.ts';
import { servicesPlugin } from './plugins/app/services.ts';
import { spaPlugin } from './plugins/app/spa.ts';
import { compressPlugin } from './plugins/external/compress.ts';
import { cookiePlugin } from './plugins/external/cookie.ts';
import { helmetPlugin } from './plugins/external/helmet.ts';
import { multipartPlugin } from './plugins/external/multipart.ts';
import { rateLimitPlugin } from './plugins/external/rate-limit.ts';
import { swaggerPlugin } from './plugins/external/swagger.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The time the app's date rules read; the system clock unless a test brings its own. */
  clock?: Clock;
  /** Shorter schedule checks than pg-boss's, for tests of many processes on one schedule. */
  jobsTiming?: JobsTiming;
}

/** Request logs show URLs without their secrets (signed PDF links, reset tokens). */
const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};

/**
 * HTTPS with HTTP/2 when a certificate is configured. A page loads 40–80 small scripts (split by route
 * so each page downloads only its own); over HTTP/1.1 a browser fetches six at a time, one round trip
 * after another, while HTTP/2 asks for them all at once on one connection (bench/README, "HTTP/2":
 * Lighthouse's mobile LCP of Luna's profile 5.3 s → 3.0 s). Browsers speak HTTP/2 only over TLS;
 * other clients keep HTTP/1.1 (`allowHTTP1`). Node's compatibility API hands routes the request and
 * reply objects of HTTP/1, so the app keeps the HTTP/1 server's types: the options are typed as a plain
 * object for that.
 */
function secureServerOptions(tls: Config['tls']): object {
  if (!tls) return {};
  const read = (file: string, what: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new Error(`Cannot read the TLS ${what} ${file}: ${(error as Error).message}`);
    }
  };
  return {
    http2: true,
    https: { allowHTTP1: true, cert: read(tls.certFile, 'certificate'), key: read(tls.keyFile, 'key') },
  };
}

/** Builds the whole app without listening (tests use `app.inject`); `server.ts` starts it. */
export async function buildApp({
  config,
  database,
  logger,
  clock = systemClock,
  jobsTiming,
}: BuildAppOptions) {
  const loggerOptions = logger ?? { level: config.logLevel };
  const app = Fastify({
    logger:
      loggerOptions && typeof loggerOptions === 'object'
        ? { serializers: logSerializers, ...loggerOptions }
        : loggerOptions,
    trustProxy: config.trustProxy,
    genReqId: () => newId(),
    routerOptions: { ignoreTrailingSlash: true },
    ...secureServerOptions(config.tls),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', clock);

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(databasePlugin, { database });
  await app.register(jobsPlugin, { timing: jobsTiming });
  await app.register(eventsPlugin);
  await app.register(mailerPlugin);
  await app.register(servicesPlugin);
  const jobsContext = {
    jobs: app.jobs,
    events: app.events,
    db: app.database.db,
    now: app.clock.now,
    mailer: app.mailer,
    config: app.config,
  };
  for (const manifest of MANIFESTS) manifest.jobs?.(jobsContext);

  await app.register(cookiePlugin);
  await app.register(helmetPlugin);
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin);
  await app.register(multipartPlugin);
  await app.register(swaggerPlugin, { tags: MANIFESTS.flatMap((manifest) => manifest.openApiTags ?? []) });
  await app.register(noStorePlugin);
  await app.register(robotsPlugin);
  await app.register(sameOriginPlugin);
  await app.register(authenticatePlugin);

  const sources = viewSourcesOf(MANIFESTS);
  for (const manifest of MANIFESTS) {
    for (const { plugin, prefix } of manifest.routes ?? []) {
      await app.register(plugin, prefix === undefined ? sources : { ...sources, prefix });
    }
  }

  await app.register(spaPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
