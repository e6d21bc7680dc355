import {
  checkupAnswersSchema,
  checkupFillSchema,
  checkupListQuerySchema,
  checkupListResponseSchema,
  checkupResponseSchema,
  checkupReviewSchema,
  errorResponseSchema,
  fhirQuestionnaireResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIntegration, sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  type CheckupsDeps,
  fillCheckup,
  getCheckup,
  getCheckupFhir,
  listCheckupsPage,
  reviewCheckup,
  submitAnswers,
} from './checkups.service.ts';

const tags = ['checkups'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const checkupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CheckupsDeps = {
    db: app.database.db,
    now: app.clock.now,
    pendingCardsOfItems: app.services.pendingCardsOfItems,
  };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listCheckups',
        tags,
        description:
          'The checkups inbox: by default answered checkups awaiting review first, problematic first, then ' +
          'oldest first; with the count in each status for the same filters.',
        querystring: checkupListQuerySchema,
        response: { 200: checkupListResponseSchema, ...errors },
      },
    },
    async (request) => listCheckupsPage(deps, sessionVet(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getCheckup',
        tags,
        description:
          'One checkup with the questions of the form version it was sent with, the answers (problematic ones ' +
          'flagged), the review and the history of amended comments.',
        params: idParams,
        response: { 200: checkupResponseSchema, ...errors },
      },
    },
    async (request) => getCheckup(deps, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/fhir',
    {
      schema: {
        operationId: 'getCheckupFhir',
        tags,
        description:
          'The checkup’s answers as a FHIR R4 QuestionnaireResponse; `questionnaire` is the canonical ' +
          'reference (`url|version`) to the form version it was sent with, which `getFormFhir` exports.',
        params: idParams,
        response: { 200: fhirQuestionnaireResponseSchema, ...errors },
      },
    },
    async (request) =>
      getCheckupFhir({ ...deps, config: app.config }, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/review',
    {
      schema: {
        operationId: 'reviewCheckup',
        tags,
        description:
          'Marks an answered checkup reviewed with the vet’s comment, which resolves the pending-card trigger ' +
          'the checkup raised (the card too when that was its last open trigger); on a reviewed checkup it ' +
          'amends the comment and keeps the previous one in the history. A checkup not yet answered answers 409.',
        params: idParams,
        body: checkupReviewSchema,
        response: { 200: checkupResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) =>
      reviewCheckup(
        { ...deps, resolveTriggersOfItem: app.services.resolveTriggersOfItem },
        sessionVet(request),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/:id/answers',
    {
      // Not a vet route: the owner app authenticates with its integration token, as readings are sent.
      config: { auth: 'integration', integrationScope: 'owner_app' },
      schema: {
        operationId: 'submitCheckupAnswers',
        tags,
        description:
          'The owner’s answers, from the owner app (integration token): every question answered with one of its ' +
          'option skus, or a 400 listing each bad answer by question. Idempotent: the same answers again change ' +
          'nothing; different answers to an answered checkup answer 409.',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: checkupAnswersSchema,
        response: { 200: checkupResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => submitAnswers(deps, sessionIntegration(request), request.params.id, request.body),
  );
};

/** Under /v1/pets: a vet fills a checkup for the pet from a pool. */
export const checkupsPetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CheckupsDeps = {
    db: app.database.db,
    now: app.clock.now,
    pendingCardsOfItems: app.services.pendingCardsOfItems,
  };

  app.post(
    '/:id/checkups',
    {
      schema: {
        operationId: 'fillCheckup',
        tags,
        description:
          'A checkup the vet fills for the pet during a call with the owner, saved answered and filled by the ' +
          'vet: a new one from the pool `poolUuid`, or, with `checkupUuid`, the checkup the owner was sent and ' +
          'has not answered, answered in place (409 `checkups.already_answered` once it is answered; 404 for ' +
          'another pet’s).',
        params: idParams,
        body: checkupFillSchema,
        response: { 201: checkupResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await fillCheckup(deps, sessionVet(request), request.params.id, request.body)),
  );
};
