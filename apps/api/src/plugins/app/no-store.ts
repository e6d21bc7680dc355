import fp from 'fastify-plugin';
import { isApiRequest } from '../../lib/api-path.ts';

/**
 * API answers hold patient data: no browser or proxy may keep a copy. A route that serves
 * immutable, content-addressed files (avatars) sets its own private caching instead.
 */
export const noStorePlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (isApiRequest(request) && !reply.hasHeader('Cache-Control'))
        reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'no-store' },
);
