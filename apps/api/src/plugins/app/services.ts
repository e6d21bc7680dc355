import fp from 'fastify-plugin';
import {
  type AuthDeps,
  defineAuthJobs,
  revokeAllSessions,
  writePasswordSetupLink,
} from '../../modules/core/auth/index.ts';
import type { PasswordSetupLinks, RevokeSessions } from '../../modules/core/vets/index.ts';
import { definePendingCardJobs } from '../../modules/records/pending-cards/index.ts';
import { defineReminderJobs } from '../../modules/records/reminders/index.ts';
import { defineWeeklyReportJobs } from '../../modules/views/weekly-reports/index.ts';

/**
 * The calls one module makes into another that would close an import cycle (auth reads vets, so vets
 * cannot import auth): the app wires them from the callee's free functions and its own dependencies.
 */
export interface CrossModuleServices {
  passwordSetupLinks: PasswordSetupLinks;
  revokeSessions: RevokeSessions;
}

export function authDepsOf(app: {
  database: { db: AuthDeps['db'] };
  config: AuthDeps['config'];
  mailer: AuthDeps['mailer'];
  clock: { now: AuthDeps['now'] };
}): AuthDeps {
  return { db: app.database.db, config: app.config, mailer: app.mailer, now: app.clock.now };
}

export const servicesPlugin = fp(
  async (app) => {
    const authDeps = authDepsOf(app);
    app.decorate('services', {
      passwordSetupLinks: {
        writePasswordSetupLink: (tx, vet, options) => writePasswordSetupLink(authDeps, tx, vet, options),
      },
      revokeSessions: (tx, vetId, reason) => revokeAllSessions(authDeps, tx, vetId, reason),
    } satisfies CrossModuleServices);
    defineAuthJobs(app.jobs, { db: app.database.db, cron: app.config.purgeSchedule });
    definePendingCardJobs(app.jobs, app.events, { db: app.database.db, now: app.clock.now });
    defineReminderJobs(app.jobs, {
      db: app.database.db,
      now: app.clock.now,
      mailer: app.mailer,
      config: app.config,
    });
    defineWeeklyReportJobs(app.jobs, { db: app.database.db, now: app.clock.now });
  },
  { name: 'services', dependencies: ['database', 'jobs', 'events', 'mailer'] },
);
