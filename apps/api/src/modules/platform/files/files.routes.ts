import { errorResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../../lib/file-response.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { findReadableFile, sendableFile } from './files.service.ts';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getFile',
        tags: ['files'],
        description:
          'A stored file (avatar, diet PDF) streamed with its checked type; `ETag` is its SHA-256 and ' +
          '`If-None-Match` answers 304. A file of a pet outside your scope is 404.',
        params: z.object({ id: z.uuid() }),
        response: {
          200: fileResponse('The file.', ['image/png', 'image/jpeg', 'image/webp', 'application/pdf']),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      sendFile(
        request,
        reply,
        sendableFile(deps, await findReadableFile(deps, sessionVet(request), request.params.id)),
      ),
  );
};
