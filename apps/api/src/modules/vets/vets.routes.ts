import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const vetsRoutes: FastifyPluginAsyncZod = async () => {};
