import {
  errorResponseSchema,
  petQuestionAnswerSchema,
  petQuestionIngestSchema,
  petQuestionListQuerySchema,
  petQuestionListResponseSchema,
  petQuestionResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIntegration, sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  ingestPetQuestion,
  listPetQuestionsPage,
  type QuestionsDeps,
  savePetQuestionAnswer,
  sendPetQuestionAnswer,
} from './questions.service.ts';

const tags = ['questions'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** `/v1/pet-questions`: the owner app's questions arrive here, and vets answer them. */
export const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: QuestionsDeps = { db: app.database.db, now: app.clock.now };

  app.post(
    '/',
    {
      // Not a vet route: the owner app authenticates with its integration token, as journal entries do.
      config: { auth: 'integration', integrationScope: 'owner_app' },
      schema: {
        operationId: 'ingestPetQuestion',
        tags,
        summary: 'Receive a question about a pet from the owner app',
        description:
          'JSON from the owner app (integration token): `{ uuid, petUuid, question, askedAt }`, `uuid` being ' +
          'the app’s own id. 201 with the new question; the same question sent again answers 200 with the ' +
          'stored one and stores nothing; the same uuid with other content 409.',
        security: [{ bearerAuth: [] }],
        body: petQuestionIngestSchema,
        response: {
          200: petQuestionResponseSchema,
          201: petQuestionResponseSchema,
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, petQuestion } = await ingestPetQuestion(
        deps,
        sessionIntegration(request),
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ petQuestion });
    },
  );

  app.put(
    '/:id/answer',
    {
      schema: {
        operationId: 'savePetQuestionAnswer',
        tags,
        description:
          'Saves the vet’s answer (or replaces the saved one): a draft the owner does not see until it is ' +
          'sent. Once sent, the answer no longer changes (409).',
        params: idParams,
        body: petQuestionAnswerSchema,
        response: { 200: petQuestionResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => savePetQuestionAnswer(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/send',
    {
      schema: {
        operationId: 'sendPetQuestionAnswer',
        tags,
        description:
          'Sends the saved answer to the owner by e-mail; the thread becomes answered. 409 when it was ' +
          'already sent or no answer is saved.',
        params: idParams,
        response: { 200: petQuestionResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) =>
      sendPetQuestionAnswer({ ...deps, mailer: app.mailer }, sessionVet(request), request.params.id),
  );
};

/** `/v1/pets/{id}/questions`: the pet's Q&A threads. */
export const questionsPetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: QuestionsDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id/questions',
    {
      schema: {
        operationId: 'listPetQuestions',
        tags,
        description:
          'The pet’s Q&A threads: open ones first, then the newest, with the count in each status. A pet ' +
          'outside the vet’s scope answers 404.',
        params: idParams,
        querystring: petQuestionListQuerySchema,
        response: { 200: petQuestionListResponseSchema, ...errors },
      },
    },
    async (request) => listPetQuestionsPage(deps, sessionVet(request), request.params.id, request.query),
  );
};
