import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const familiesRoutes: FastifyPluginAsyncZod = async () => {};
