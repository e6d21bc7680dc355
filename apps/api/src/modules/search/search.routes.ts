import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const searchRoutes: FastifyPluginAsyncZod = async () => {};
