import fp from 'fastify-plugin';
import { defineAuthJobs } from '../../modules/auth/auth.jobs.ts';
import { createAuthService } from '../../modules/auth/auth.service.ts';

/** Services are built once per app from its own dependencies, so tests get fully isolated apps. */
export const servicesPlugin = fp(
  async (app) => {
    app.decorate('services', {
      auth: createAuthService({
        db: app.database.db,
        config: app.config,
        mailer: app.mailer,
        now: app.clock.now,
      }),
    });
    defineAuthJobs(app.jobs, { db: app.database.db, cron: app.config.purgeSchedule });
  },
  { name: 'services', dependencies: ['database', 'jobs', 'mailer'] },
);
