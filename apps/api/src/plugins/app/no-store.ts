import fp from 'fastify-plugin';

/** API answers hold patient data: no browser or proxy may keep a copy (issue #2 §3). */
export const noStorePlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/v1/') || request.url === '/v1') reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'no-store' },
);
