import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const petsRoutes: FastifyPluginAsyncZod = async () => {};
