import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const subscriptionsRoutes: FastifyPluginAsyncZod = async () => {};
