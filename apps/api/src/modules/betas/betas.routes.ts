import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const betasRoutes: FastifyPluginAsyncZod = async () => {};
