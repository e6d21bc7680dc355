import fs from 'node:fs';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { newId } from './lib/ids.ts';
import { redactUrl } from './lib/redact-url.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { authRoutes } from './modules/core/auth/auth.routes.ts';
import { breedsRoutes } from './modules/core/breeds/breeds.routes.ts';
import { companiesRoutes } from './modules/core/companies/companies.routes.ts';
import { familiesRoutes } from './modules/core/families/families.routes.ts';
import { petsRoutes } from './modules/core/pets/pets.routes.ts';
import { subscriptionsRoutes } from './modules/core/subscriptions/subscriptions.routes.ts';
import { usersRoutes } from './modules/core/users/users.routes.ts';
import { vetsRoutes } from './modules/core/vets/vets.routes.ts';
import { eventsRoutes } from './modules/platform/events/events.routes.ts';
import { filesRoutes } from './modules/platform/files/files.routes.ts';
import { healthRoutes } from './modules/platform/health/health.routes.ts';
import { jobsRoutes } from './modules/platform/jobs/jobs.routes.ts';
import { b2bRoutes } from './modules/records/b2b/b2b.routes.ts';
import { betasRoutes } from './modules/records/betas/betas.routes.ts';
import { formsRoutes } from './modules/records/checkups/checkups.forms.routes.ts';
import { checkupsPetRoutes, checkupsRoutes } from './modules/records/checkups/checkups.routes.ts';
import {
  clinicalDocumentsPetRoutes,
  clinicalDocumentsRoutes,
} from './modules/records/clinical-documents/clinical-documents.routes.ts';
import { dietPlansPetRoutes, dietPlansRoutes } from './modules/records/diets/diets.plans.routes.ts';
import { dietsRoutes } from './modules/records/diets/diets.routes.ts';
import { ingredientsRoutes } from './modules/records/diets/ingredients.routes.ts';
import { journalRoutes } from './modules/records/journal/journal.routes.ts';
import {
  labelsRoutes,
  medicalRecordsRoutes,
} from './modules/records/medical-records/medical-records.routes.ts';
import { pendingCardsRoutes } from './modules/records/pending-cards/pending-cards.routes.ts';
import { questionsPetRoutes, questionsRoutes } from './modules/records/questions/questions.routes.ts';
import { remindersRoutes } from './modules/records/reminders/reminders.routes.ts';
import { trackersRoutes } from './modules/records/trackers/trackers.ingest.routes.ts';
import { trackersReadRoutes } from './modules/records/trackers/trackers.read.routes.ts';
import { trackersPetRoutes } from './modules/records/trackers/trackers.thresholds.routes.ts';
import { weightRoutes } from './modules/records/trackers/trackers.weight.routes.ts';
import { homeRoutes } from './modules/views/home/home.routes.ts';
import { searchRoutes } from './modules/views/search/search.routes.ts';
import { timelinePetRoutes } from './modules/views/timeline/timeline.routes.ts';
import {
  weeklyReportsPetRoutes,
  weeklyReportsRoutes,
} from './modules/views/weekly-reports/weekly-reports.routes.ts';
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

  await app.register(cookiePlugin);
  await app.register(helmetPlugin);
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin);
  await app.register(multipartPlugin);
  await app.register(swaggerPlugin);
  await app.register(noStorePlugin);
  await app.register(robotsPlugin);
  await app.register(sameOriginPlugin);
  await app.register(authenticatePlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/v1/auth' });
  await app.register(usersRoutes, { prefix: '/v1/users' });
  await app.register(familiesRoutes, { prefix: '/v1/families' });
  await app.register(subscriptionsRoutes, { prefix: '/v1/subscriptions' });
  await app.register(companiesRoutes, { prefix: '/v1/companies' });
  await app.register(b2bRoutes, { prefix: '/v1/b2b' });
  await app.register(betasRoutes, { prefix: '/v1/betas' });
  await app.register(breedsRoutes, { prefix: '/v1/breeds' });
  await app.register(petsRoutes, { prefix: '/v1/pets' });
  await app.register(trackersPetRoutes, { prefix: '/v1/pets' });
  await app.register(trackersReadRoutes, { prefix: '/v1/pets' });
  await app.register(searchRoutes, { prefix: '/v1/search' });
  await app.register(vetsRoutes, { prefix: '/v1/vets' });
  await app.register(weightRoutes, { prefix: '/v1/weight-history' });
  await app.register(trackersRoutes, { prefix: '/v1/trackers' });
  await app.register(dietPlansRoutes, { prefix: '/v1/diet-plans' });
  await app.register(dietPlansPetRoutes, { prefix: '/v1/pets' });
  await app.register(dietsRoutes, { prefix: '/v1/diets' });
  await app.register(formsRoutes, { prefix: '/v1/forms' });
  await app.register(checkupsRoutes, { prefix: '/v1/checkups' });
  await app.register(checkupsPetRoutes, { prefix: '/v1/pets' });
  await app.register(ingredientsRoutes, { prefix: '/v1/ingredients' });
  await app.register(eventsRoutes, { prefix: '/v1/events' });
  await app.register(filesRoutes, { prefix: '/v1/files' });
  await app.register(jobsRoutes, { prefix: '/v1/jobs' });
  await app.register(journalRoutes, { prefix: '/v1/journal-entries' });
  await app.register(pendingCardsRoutes, { prefix: '/v1/pending-cards' });
  await app.register(labelsRoutes, { prefix: '/v1/labels' });
  await app.register(medicalRecordsRoutes, { prefix: '/v1/medical-records' });
  await app.register(remindersRoutes, { prefix: '/v1/reminders' });
  await app.register(homeRoutes, { prefix: '/v1/home' });
  await app.register(weeklyReportsRoutes, { prefix: '/v1/weekly-reports' });
  await app.register(weeklyReportsPetRoutes, { prefix: '/v1/pets' });
  await app.register(questionsRoutes, { prefix: '/v1/pet-questions' });
  await app.register(questionsPetRoutes, { prefix: '/v1/pets' });
  await app.register(clinicalDocumentsRoutes, { prefix: '/v1/clinical-documents' });
  await app.register(clinicalDocumentsPetRoutes, { prefix: '/v1/pets' });
  await app.register(timelinePetRoutes, { prefix: '/v1/pets' });

  await app.register(spaPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
