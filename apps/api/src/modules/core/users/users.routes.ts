import {
  errorResponseSchema,
  USER_CSV_COLUMNS,
  userDetailResponseSchema,
  userFilterQuerySchema,
  userListQuerySchema,
  userListResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../../lib/csv.ts';
import { fileResponse } from '../../../lib/file-response.ts';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { toUserCsvValues } from './users.mapper.ts';
import { exportUsers, getUserDetail, listUsersPage, userExportFilename } from './users.service.ts';

const tags = ['users'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listUsers',
        tags,
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errors },
      },
    },
    async (request) => listUsersPage(deps, sessionVet(request), request.query),
  );

  // Registered before `/:id` so `export` is never read as an id.
  app.get(
    '/export',
    {
      schema: {
        operationId: 'exportUsers',
        tags,
        description:
          'The users matching the list filter as a CSV file (text/csv, UTF-8 with BOM), streamed, no paging.',
        querystring: userFilterQuerySchema,
        response: { 200: fileResponse('The CSV file, as an attachment.', ['text/csv']), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        filename: userExportFilename(request.query, app.clock.now()),
        header: USER_CSV_COLUMNS,
        rows: exportUsers(deps, sessionVet(request), request.query),
        toLine: toUserCsvValues,
      }),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getUser',
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: userDetailResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => getUserDetail(deps, sessionVet(request), request.params.id),
  );
};
