import {
  dietCopyResponseSchema,
  dietCreateSchema,
  dietListQuerySchema,
  dietListResponseSchema,
  dietPatchSchema,
  dietPdfSignatureQuerySchema,
  dietPdfUrlResponseSchema,
  dietPublishSchema,
  dietResponseSchema,
  errorResponseSchema,
  okResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../../lib/file-response.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { requestActor, sessionVet } from '../../../plugins/app/authenticate.ts';
import { authErrors } from '../../core/auth/index.ts';
import { signingKey } from '../../platform/app-secrets/index.ts';
import { verifyDietLink } from './diet-pdf-link.ts';
import { generateDietPdf, getDietPdfContent, getDietPdfUrl } from './diets.pdf.service.ts';
import {
  copyDiet,
  createDiet,
  type DietsDeps,
  deleteDiet,
  getDiet,
  listDiets,
  patchDiet,
  publishDiet,
} from './diets.service.ts';

const tags = ['diets'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const SIGNING_SECRET_NAME = 'diet_pdf_links';

export const dietsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DietsDeps = {
    db: app.database.db,
    config: app.config,
    signingSecret: signingKey(app.database.db, app.config.signingSecret, SIGNING_SECRET_NAME),
    now: app.clock.now,
  };

  app.post(
    '/',
    {
      schema: {
        operationId: 'createDiet',
        tags,
        description: 'A new draft diet for the pet, without ingredients.',
        body: dietCreateSchema,
        response: { 201: dietResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDiet(deps, sessionVet(request), request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        operationId: 'listDiets',
        tags,
        description: "The pet's diets, newest first unless `order=asc`.",
        querystring: dietListQuerySchema,
        response: { 200: dietListResponseSchema, ...errors },
      },
    },
    async (request) => listDiets(deps, sessionVet(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getDiet',
        tags,
        description:
          "The diet with its formulation (energy against the pet's target, nutrients against the chosen profile) " +
          'and whether its stored PDF matches it.',
        params: idParams,
        response: { 200: dietResponseSchema, ...errors },
      },
    },
    async (request) => getDiet(deps, sessionVet(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        operationId: 'updateDiet',
        tags,
        description:
          'Changes the fields sent; `ingredients` replaces the whole list. Drafts only: a published diet answers ' +
          '409 (copy it to edit).',
        params: idParams,
        body: dietPatchSchema,
        response: { 200: dietResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => patchDiet(deps, sessionVet(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        operationId: 'deleteDiet',
        tags,
        description: 'Deletes a draft; a published diet answers 409.',
        params: idParams,
        response: { 200: okResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      await deleteDiet(deps, sessionVet(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/:id/publish',
    {
      schema: {
        operationId: 'publishDiet',
        tags,
        description:
          "Publishes a draft: it becomes the pet's current diet, in the pet's open plan of the same kind or in a " +
          'new plan (the previous plan ends). A diet whose formulation has warnings is published only with ' +
          'every warning code in `acknowledgedWarnings` and an `acknowledgementReason`; otherwise 409 ' +
          '`diets.unacknowledged_warnings`, one detail per warning at `acknowledgedWarnings.<code>`. A stored ' +
          'PDF that matched the draft is rendered again as published, so it stays current.',
        params: idParams,
        body: dietPublishSchema.nullish(),
        response: { 200: dietResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => publishDiet(deps, sessionVet(request), request.params.id, request.body ?? undefined),
  );

  app.post(
    '/:id/copy',
    {
      schema: {
        operationId: 'copyDiet',
        tags,
        description:
          'A new draft with the same kind, profile, meals, instructions and ingredients, without dates.',
        params: idParams,
        response: { 201: dietCopyResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await copyDiet(deps, sessionVet(request), request.params.id)),
  );

  app.post(
    '/:id/pdf',
    {
      schema: {
        operationId: 'generateDietPdf',
        tags,
        description: 'Renders the PDF from the diet as it is now and stores it.',
        params: idParams,
        response: { 200: dietResponseSchema, ...errors },
      },
    },
    async (request) => generateDietPdf(deps, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/pdf/url',
    {
      schema: {
        operationId: 'getDietPdfUrl',
        tags,
        description:
          'A signed link to the public PDF page, valid 7 days, for the owner: it opens without a login.',
        params: idParams,
        response: { 200: dietPdfUrlResponseSchema, ...errors },
      },
    },
    async (request) => getDietPdfUrl(deps, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/pdf/content',
    {
      config: {
        auth: 'signed-link-or-session',
        verifySignedLink: async (request) => {
          const { id } = request.params as { id: string };
          const { expires, signature } = request.query as { expires?: number; signature?: string };
          if (expires === undefined && signature === undefined) throw authErrors.unauthenticated();
          verifyDietLink(await deps.signingSecret(), id, { expires, signature }, deps.now());
        },
      },
      schema: {
        operationId: 'getDietPdfContent',
        tags,
        description:
          "The PDF (rebuilt first when missing or older than the diet), for a vet's session or for the holder of a " +
          'link from `pdf/url` (`expires` and `signature`): an expired link answers 410, an altered one 403.',
        params: idParams,
        querystring: dietPdfSignatureQuerySchema,
        response: {
          200: fileResponse('The PDF, shown inline.', ['application/pdf']),
          ...errors,
          403: errorResponseSchema,
          410: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      return sendFile(
        request,
        reply,
        await getDietPdfContent(deps, requestActor(request), request.params.id),
      );
    },
  );
};
