import fp from 'fastify-plugin';

/** An internal tool: no search engine may list it, its pages or its API. */
export const robotsPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
    });
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'),
    );
  },
  { name: 'robots' },
);
