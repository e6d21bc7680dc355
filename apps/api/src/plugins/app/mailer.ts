import fp from 'fastify-plugin';
import { petIdsInScope } from '../../modules/core/pets/index.ts';
import { findVetAccountById } from '../../modules/core/vets/index.ts';
import { createMailer } from '../../modules/platform/mail/index.ts';
import { vetActor } from '../../policy/actor.ts';
import { petCondition } from '../../policy/scope.ts';

export const mailerPlugin = fp(
  async (app) => {
    const db = app.database.db;
    const mailer = createMailer({
      db,
      jobs: app.jobs,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      productName: app.config.productName,
      logger: app.log,
      // The vet as they are now, through the access policy's own pet scope: mail is platform and cannot
      // read vets or pets itself.
      recipientMaySee: async (vetId, petIds) => {
        const vet = await findVetAccountById(db, vetId);
        if (!vet || vet.disabled) return false;
        const actor = vetActor(vet, null);
        const visible = await petIdsInScope(db, [...petIds], (petId) => petCondition(actor, petId));
        return petIds.every((id) => visible.has(id));
      },
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', dependencies: ['database', 'jobs'] },
);
