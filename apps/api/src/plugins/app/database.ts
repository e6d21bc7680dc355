import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';

/** The app owns the database it is given: closing the app closes it. */
export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
