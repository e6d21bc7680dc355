import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Off by default; routes opt in with `config.rateLimit` (e.g. the mail-sending reset request). */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
