import {
  errorResponseSchema,
  preventiveCareQuerySchema,
  preventiveCareResponseSchema,
  preventiveDoseCreateSchema,
  preventiveInboxQuerySchema,
  preventiveInboxResponseSchema,
  preventiveItemCodeSchema,
  preventiveNotApplicableCreateSchema,
  preventiveProtocolListResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIntegration, sessionVet } from '../../../plugins/app/authenticate.ts';
import { listPreventiveInbox } from './preventive-care.inbox.service.ts';
import {
  getPreventiveCare,
  listPreventiveProtocols,
  markNotApplicable,
  type PreventiveCareDeps,
  recordPreventiveDose,
  removeNotApplicable,
} from './preventive-care.service.ts';

const tags = ['preventive-care'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const preventiveProtocolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        operationId: 'listPreventiveProtocols',
        tags,
        description:
          'The vaccination and parasite-control protocols per species: each item’s first course by age, ' +
          'its boosters and the guideline it follows (WSAVA, AAHA, AAFP, CAPC). Defaults for a demo.',
        response: { 200: preventiveProtocolListResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => listPreventiveProtocols(),
  );
};

export const preventiveCarePetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PreventiveCareDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id/preventive-care',
    {
      schema: {
        operationId: 'getPetPreventiveCare',
        tags,
        description:
          'The pet’s preventive-care schedule, computed from its date of birth and the doses recorded: ' +
          'each item overdue, due, almost due (within `almostDueDays`), not yet due, done or not applicable, ' +
          'most urgent first, with its doses.',
        params: idParams,
        querystring: preventiveCareQuerySchema,
        response: { 200: preventiveCareResponseSchema, ...errors },
      },
    },
    async (request) => getPreventiveCare(deps, sessionVet(request), request.params.id, request.query),
  );

  app.get(
    '/:id/preventive-care/for-owner-app',
    {
      // Not a vet route: the owner app reads the schedule it shows the owner with its integration token.
      config: { auth: 'integration', integrationScope: 'owner_app' },
      schema: {
        operationId: 'getPetPreventiveCareForOwnerApp',
        tags,
        summary: 'The pet’s preventive-care schedule, for the owner app',
        description:
          'The same schedule as the vets’ read, for the owner app’s integration token (scope `owner_app`); ' +
          'a company’s token reads its company’s pets only (404 for another).',
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: preventiveCareQuerySchema,
        response: { 200: preventiveCareResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) => getPreventiveCare(deps, sessionIntegration(request), request.params.id, request.query),
  );

  app.post(
    '/:id/preventive-care/doses',
    {
      schema: {
        operationId: 'recordPreventiveDose',
        tags,
        description:
          'Records a dose given to the pet (product, batch, date, where and by whom), here or elsewhere; ' +
          'answers the schedule. 400 for an item not in the pet’s protocol or a date in the future.',
        params: idParams,
        querystring: preventiveCareQuerySchema,
        body: preventiveDoseCreateSchema,
        response: { 201: preventiveCareResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordPreventiveDose(
            deps,
            sessionVet(request),
            request.params.id,
            request.body,
            request.query,
          ),
        ),
  );

  app.post(
    '/:id/preventive-care/not-applicable',
    {
      schema: {
        operationId: 'markPreventiveNotApplicable',
        tags,
        description:
          'Marks an item of the pet’s protocol not applicable, with the reason; answers the schedule. ' +
          '409 when it is already marked.',
        params: idParams,
        querystring: preventiveCareQuerySchema,
        body: preventiveNotApplicableCreateSchema,
        response: { 200: preventiveCareResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) =>
      markNotApplicable(deps, sessionVet(request), request.params.id, request.body, request.query),
  );

  app.delete(
    '/:id/preventive-care/not-applicable/:itemCode',
    {
      schema: {
        operationId: 'removePreventiveNotApplicable',
        tags,
        description:
          'The item applies to the pet again: removes its not-applicable mark; answers the schedule.',
        params: z.object({
          id: z.uuid(),
          itemCode: preventiveItemCodeSchema,
        }),
        querystring: preventiveCareQuerySchema,
        response: { 200: preventiveCareResponseSchema, ...errors },
      },
    },
    async (request) =>
      removeNotApplicable(
        deps,
        sessionVet(request),
        request.params.id,
        request.params.itemCode,
        request.query,
      ),
  );
};

export const preventiveInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/inbox',
    {
      schema: {
        operationId: 'listPreventiveCareInbox',
        tags,
        description:
          'Vaccines and parasite treatments overdue, due or almost due across the pets the vet may see, ' +
          'judged on the practice’s day: filters by status, species, item and B2B company, search on the ' +
          'pet or owner, sorted by due day, pet or item; with the count per status.',
        querystring: preventiveInboxQuerySchema,
        response: { 200: preventiveInboxResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listPreventiveInbox(deps, sessionVet(request), request.query),
  );
};
