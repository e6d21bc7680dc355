import {
  betaCreateSchema,
  betaListQuerySchema,
  betaListResponseSchema,
  betaResponseSchema,
  errorResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { enrolBetaUser, getBeta, listBetas } from './betas.service.ts';

const tags = ['betas'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export const betasRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listBetaUsers',
        tags,
        description: "Users enrolled in beta features; `search` matches the user's name or e-mail.",
        querystring: betaListQuerySchema,
        response: { 200: betaListResponseSchema, ...errors },
      },
    },
    async (request) => listBetas(deps, sessionVet(request), request.query),
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'createBetaUser',
        tags,
        description: 'Enrols an existing user in a beta feature (once per feature).',
        body: betaCreateSchema,
        response: { 201: betaResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const betaUser = await enrolBetaUser(deps, sessionVet(request), request.body);
      return reply.status(201).send({ betaUser });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getBetaUser',
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: betaResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => ({ betaUser: await getBeta(deps, sessionVet(request), request.params.id) }),
  );
};
