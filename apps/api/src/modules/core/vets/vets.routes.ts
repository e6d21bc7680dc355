import {
  AVATAR_MAX_BYTES,
  errorResponseSchema,
  VET_CSV_COLUMNS,
  vetCreateSchema,
  vetFilterQuerySchema,
  vetListQuerySchema,
  vetListResponseSchema,
  vetPatchSchema,
  vetResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../../lib/csv.ts';
import { fileResponse } from '../../../lib/file-response.ts';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { fileUrl, type StoredFile } from '../../platform/files/index.ts';
import { storeAvatarFile } from './vets.avatars.service.ts';
import { vetsErrors } from './vets.errors.ts';
import { toVetCsvValues, toVetDetailDto } from './vets.mapper.ts';
import {
  assertMayEditVetProfile,
  exportVets,
  getVet,
  inviteVet,
  listVetsPage,
  setVetAvatar,
  updateVet,
  vetExportFilename,
} from './vets.service.ts';

const tags = ['vets'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const idParams = z.object({ id: z.uuid() });

/** Room for the multipart boundaries and part headers around the image itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const vetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, config: app.config };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listVets',
        tags,
        querystring: vetListQuerySchema,
        response: { 200: vetListResponseSchema, ...errors },
      },
    },
    async (request) => listVetsPage(deps, request.query),
  );

  // Registered before `/:id` so `export` is never read as an id.
  app.get(
    '/export',
    {
      schema: {
        operationId: 'exportVets',
        tags,
        description:
          'The vets matching the list filter as a CSV file (text/csv, UTF-8 with BOM), streamed, no paging.',
        querystring: vetFilterQuerySchema,
        response: { 200: fileResponse('The CSV file, as an attachment.', ['text/csv']), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        filename: vetExportFilename(app.clock.now()),
        header: VET_CSV_COLUMNS,
        rows: exportVets(deps, request.query),
        toLine: toVetCsvValues,
      }),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getVet',
        tags,
        params: idParams,
        response: { 200: vetResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => ({ vet: toVetDetailDto(await getVet(deps, request.params.id)) }),
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'createVet',
        tags,
        description: 'Creates a vet without a password and e-mails them a link to choose one.',
        body: vetCreateSchema,
        response: { 201: vetResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const vet = await inviteVet(
        { db: deps.db, auth: app.services.passwordSetupLinks },
        sessionVet(request),
        { ...request.body, companySku: request.body.companySku ?? null },
      );
      return reply.status(201).send({ vet: toVetDetailDto(vet) });
    },
  );

  app.patch(
    '/:id',
    {
      config: {
        // Changing who a vet is or what they see asks the head vet for a recent second factor.
        recentSecondFactor: (request) => {
          const body = request.body as { kind?: unknown; companySku?: unknown; disabled?: unknown };
          return body.kind !== undefined || body.companySku !== undefined || body.disabled !== undefined;
        },
      },
      schema: {
        operationId: 'updateVet',
        tags,
        params: idParams,
        body: vetPatchSchema,
        response: { 200: vetResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      vet: toVetDetailDto(
        await updateVet(
          {
            ...deps,
            revokeSessions: app.services.revokeSessions,
            releaseAssignments: app.services.releaseAssignments,
          },
          sessionVet(request),
          request.params.id,
          request.body,
        ),
      ),
    }),
  );

  app.post(
    '/:id/avatar',
    {
      schema: {
        operationId: 'uploadVetAvatar',
        tags,
        description: `multipart/form-data with one PNG, JPEG or WebP file of at most ${AVATAR_MAX_BYTES} bytes.`,
        params: idParams,
        response: {
          200: vetResponseSchema,
          ...errors,
          404: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => {
      // Refused before reading a byte when the request says it is too big; otherwise the parser
      // stops keeping data past the limit and the file comes back truncated.
      const declared = Number(request.headers['content-length']);
      if (declared > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw vetsErrors.avatarTooLarge();
      if (!request.isMultipart()) throw vetsErrors.avatarMissing();
      await getVet(deps, request.params.id);
      assertMayEditVetProfile(sessionVet(request), request.params.id);

      let stored: StoredFile | undefined;
      try {
        const files = request.files({
          limits: { fileSize: AVATAR_MAX_BYTES, files: 1 },
          throwFileSizeLimit: false,
        });
        for await (const part of files) stored = await storeAvatarFile(deps, sessionVet(request), part.file);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') throw vetsErrors.avatarOneFile();
        throw error;
      }
      if (!stored) throw vetsErrors.avatarMissing();
      const vet = await setVetAvatar(deps, sessionVet(request), request.params.id, fileUrl(stored.id));
      return { vet: toVetDetailDto(vet) };
    },
  );
};
