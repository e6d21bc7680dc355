import {
  dietCopyResponseSchema,
  dietCreateSchema,
  dietListQuerySchema,
  dietListResponseSchema,
  dietPatchSchema,
  dietPdfSignatureQuerySchema,
  dietPdfUrlResponseSchema,
  dietResponseSchema,
  errorResponseSchema,
  okResponseSchema,
} from '@vetboard/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { ACCESS_COOKIE, bearerToken } from '../../plugins/app/authenticate.ts';
import { getOrCreateSecret } from '../app-secrets/app-secrets.service.ts';
import { authErrors } from '../auth/auth.errors.ts';
import { verifyDietLink } from './diet-pdf-link.ts';
import {
  copyDiet,
  createDiet,
  type DietsDeps,
  deleteDiet,
  generateDietPdf,
  getDiet,
  getDietPdfContent,
  getDietPdfUrl,
  listDiets,
  patchDiet,
  publishDiet,
} from './diets.service.ts';

const tags = ['diets'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const SIGNING_SECRET_NAME = 'diet_pdf_links';

function actorOf(request: FastifyRequest) {
  if (!request.vet) throw authErrors.unauthenticated();
  return { vetId: request.vet.id, meta: requestMeta(request) };
}

/** The signing key: `SIGNING_SECRET` when set, else one generated once and kept in the database. */
function signingSecretOf(app: FastifyInstance): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    if (app.config.signingSecret) return Promise.resolve(Buffer.from(app.config.signingSecret, 'utf8'));
    secret ??= getOrCreateSecret(app.database.db, SIGNING_SECRET_NAME).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  // The public page shows the PDF in a frame of the dashboard itself.
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Content-Security-Policy', "frame-ancestors 'self'")
    .send(pdf);
}

/** The session's vet on a public route, where the authenticate hook does not run. */
async function optionalSessionVet(app: FastifyInstance, request: FastifyRequest) {
  const token = bearerToken(request.headers.authorization) ?? request.cookies[ACCESS_COOKIE];
  if (!token) return null;
  const session = await app.services.auth.authenticate(token);
  return session?.vet ?? null;
}

export const dietsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DietsDeps = { db: app.database.db, config: app.config, signingSecret: signingSecretOf(app) };

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
    async (request, reply) => reply.status(201).send(await createDiet(deps, request.body, actorOf(request))),
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
    async (request) => listDiets(deps, request.query),
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
    async (request) => getDiet(deps, request.params.id),
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
    async (request) => patchDiet(deps, request.params.id, request.body, actorOf(request)),
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
      await deleteDiet(deps, request.params.id, actorOf(request));
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
          'new plan (the previous plan ends).',
        params: idParams,
        response: { 200: dietResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => publishDiet(deps, request.params.id, actorOf(request)),
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
      reply.status(201).send(await copyDiet(deps, request.params.id, actorOf(request))),
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
    async (request) => generateDietPdf(deps, request.params.id, actorOf(request)),
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
    async (request) => getDietPdfUrl(deps, request.params.id, actorOf(request)),
  );

  app.get(
    '/:id/pdf/content',
    {
      config: { public: true },
      schema: {
        operationId: 'getDietPdfContent',
        tags,
        description:
          "The PDF (rebuilt first when missing or older than the diet), for a vet's session or for the holder of a " +
          'link from `pdf/url` (`expires` and `signature`): an expired link answers 410, an altered one 403.',
        params: idParams,
        querystring: dietPdfSignatureQuerySchema,
        response: { ...errors, 403: errorResponseSchema, 410: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const vet = await optionalSessionVet(app, request);
      if (!vet) {
        const { expires, signature } = request.query;
        if (expires === undefined && signature === undefined) throw authErrors.unauthenticated();
        verifyDietLink(await deps.signingSecret(), request.params.id, { expires, signature });
      }
      const { pdf, filename } = await getDietPdfContent(deps, request.params.id, {
        vetId: vet?.id ?? null,
        meta: requestMeta(request),
      });
      return sendPdf(reply, pdf, filename);
    },
  );
};
