import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { VetRow } from './modules/core/vets/index.ts';
import type { EventHub } from './modules/platform/events/index.ts';
import type { IntegrationScope } from './modules/platform/integrations/index.ts';
import type { Jobs } from './modules/platform/jobs/index.ts';
import type { Mailer } from './modules/platform/mail/index.ts';
import type { AuthMode, SessionSecondFactor } from './plugins/app/authenticate.ts';
import type { CrossModuleServices } from './plugins/app/services.ts';
import type { Actor } from './policy/actor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The time every date rule reads (lib/clock.ts); tests set it. */
    clock: Clock;
    database: Database;
    events: EventHub;
    jobs: Jobs;
    mailer: Mailer;
    /** Calls between modules that an import would make circular (plugins/app/services.ts). */
    services: CrossModuleServices;
  }
  interface FastifyRequest {
    /** Who is acting, set by the route's auth mode; null only on `public` routes. */
    actor: Actor | null;
    /** The session's vet row (for `/auth/me`); services take `actor`. */
    vet: VetRow | null;
    sessionId: string | null;
    /** The session's second factor (plugins/app/authenticate.ts): its pending state, when it gave one. */
    secondFactor: SessionSecondFactor | null;
  }
  interface FastifyContextConfig {
    /** How the route authenticates (plugins/app/authenticate.ts); `session` when left out. */
    auth?: AuthMode;
    /** `integration` routes: what the token must be for; a route without one refuses every token. */
    integrationScope?: IntegrationScope;
    /** `signed-link-or-session` routes: throws unless the request carries a valid signed link. */
    verifySignedLink?: (request: FastifyRequest) => Promise<void>;
    /** A route a session still waiting for its second factor (or its set-up) may call. */
    secondFactorPending?: boolean;
    /**
     * A sensitive action (issue #47): a vet with a second factor must have given it within
     * RECENT_SECOND_FACTOR_MS; a function decides from the validated request whether this one is.
     */
    recentSecondFactor?: true | ((request: FastifyRequest) => boolean);
  }
}
