import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { Mailer } from './modules/mail/mail.service.ts';
import type { VetRow } from './modules/vets/vets.table.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    services: { auth: AuthService };
  }
  interface FastifyRequest {
    /** The logged-in vet; set by the authenticate plugin on every non-public `/v1` route. */
    vet: VetRow | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Open without a session (SPEC §6 public pages and issue #2 §3's list). */
    public?: boolean;
  }
}
