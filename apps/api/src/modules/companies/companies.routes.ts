import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const companiesRoutes: FastifyPluginAsyncZod = async () => {};
