import fp from 'fastify-plugin';
import { createEventHub } from '../../modules/platform/events/index.ts';

/** The process's one listener for domain events, feeding every open `GET /v1/events` stream. */
export const eventsPlugin = fp(
  async (app) => {
    const hub = createEventHub({
      database: app.database,
      databaseUrl: app.config.databaseUrl,
      logger: app.log.child({ module: 'events' }),
    });
    app.decorate('events', hub);
    app.addHook('onReady', () => hub.start());
    app.addHook('onClose', () => hub.close());
  },
  { name: 'events', dependencies: ['database'] },
);
