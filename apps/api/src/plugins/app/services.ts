import fp from 'fastify-plugin';
import { type AuthDeps, revokeAllSessions, writePasswordSetupLink } from '../../modules/core/auth/index.ts';
import { companyExists } from '../../modules/core/companies/index.ts';
import type {
  PasswordSetupLinks,
  ReleaseAssignments,
  RevokeSessions,
} from '../../modules/core/vets/index.ts';
import type { PendingCardsOfItems, ResolveTriggersOfItem } from '../../modules/records/checkups/index.ts';
import {
  pendingCardsOfItems,
  releaseCardsOutOfScope,
  resolveTriggersOfItem,
} from '../../modules/records/pending-cards/index.ts';
import { releaseRemindersOutOfScope } from '../../modules/records/reminders/index.ts';

/**
 * The calls one module makes into another that would close an import cycle (auth reads vets, so vets
 * cannot import auth): the app wires them from the callee's free functions and its own dependencies.
 */
export interface CrossModuleServices {
  passwordSetupLinks: PasswordSetupLinks;
  revokeSessions: RevokeSessions;
  resolveTriggersOfItem: ResolveTriggersOfItem;
  pendingCardsOfItems: PendingCardsOfItems;
  releaseAssignments: ReleaseAssignments;
  /** A company with this code exists (integrations, a platform module, cannot import companies). */
  companyExists: (sku: string) => Promise<boolean>;
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
      resolveTriggersOfItem,
      pendingCardsOfItems,
      // Every record that assigns work to a vet: a reminder's assignee, a pending card's claimer.
      releaseAssignments: async (tx, actor, vet, reason) => {
        await releaseRemindersOutOfScope(tx, actor, vet, app.clock.now(), reason);
        await releaseCardsOutOfScope(tx, actor, vet, reason);
      },
      companyExists: (sku) => companyExists({ db: app.database.db }, sku),
    } satisfies CrossModuleServices);
  },
  { name: 'services', dependencies: ['database', 'jobs', 'events', 'mailer'] },
);
