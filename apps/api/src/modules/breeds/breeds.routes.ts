import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const breedsRoutes: FastifyPluginAsyncZod = async () => {};
