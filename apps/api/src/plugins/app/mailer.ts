import fp from 'fastify-plugin';
import { createMailer } from '../../modules/platform/mail/index.ts';

export const mailerPlugin = fp(
  async (app) => {
    const mailer = createMailer({
      db: app.database.db,
      jobs: app.jobs,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      productName: app.config.productName,
      logger: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', dependencies: ['database', 'jobs'] },
);
