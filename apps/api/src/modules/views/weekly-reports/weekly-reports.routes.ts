import {
  errorResponseSchema,
  petWeeklyReportsResponseSchema,
  weeklyReportCommentSchema,
  weeklyReportListQuerySchema,
  weeklyReportListResponseSchema,
  weeklyReportResponseSchema,
  weeklyReportSentSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  editWeeklyReportComment,
  getWeeklyReport,
  listPetWeeklyReports,
  listWeeklyReports,
  reviewWeeklyReport,
  sendWeeklyReport,
  type WeeklyReportsMailDeps,
} from './weekly-reports.service.ts';

const tags = ['weekly-reports'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const weeklyReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: WeeklyReportsMailDeps = {
    db: app.database.db,
    now: app.clock.now,
    mailer: app.mailer,
    productName: app.config.productName,
  };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listWeeklyReports',
        tags,
        description:
          'Weekly reports: drafts to review first, then reviewed ones, then sent ones, the most concerning first ' +
          '(open pending cards, then the largest change of a tracker against the week before); by week, status, ' +
          'company, the vet who reviewed or sent it, and pet search. `counts` are per status.',
        querystring: weeklyReportListQuerySchema,
        response: { 200: weeklyReportListResponseSchema, ...errors },
      },
    },
    async (request) => listWeeklyReports(deps, sessionVet(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getWeeklyReport',
        tags,
        description:
          'One report: its content as computed when it was generated, the vet’s comment as written and as the ' +
          'owner reads it (`{{PET_NAME}}` replaced), and what may be done with it now.',
        params: idParams,
        response: { 200: weeklyReportResponseSchema, ...errors },
      },
    },
    async (request) => getWeeklyReport(deps, sessionVet(request), request.params.id),
  );

  app.put(
    '/:id/comment',
    {
      schema: {
        operationId: 'editWeeklyReportComment',
        tags,
        description: 'Writes the vet’s comment of a draft or reviewed report (409 once it was sent).',
        params: idParams,
        body: weeklyReportCommentSchema,
        response: { 200: weeklyReportResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => editWeeklyReportComment(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/review',
    {
      schema: {
        operationId: 'reviewWeeklyReport',
        tags,
        description: 'Marks a draft report reviewed by the vet (409 when it is not a draft).',
        params: idParams,
        response: { 200: weeklyReportResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => reviewWeeklyReport(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/send',
    {
      schema: {
        operationId: 'sendWeeklyReport',
        tags,
        description:
          'E-mails a reviewed report to the pet’s owner (HTML and plain text, with the report as a PDF attached) ' +
          'through the mail queue, and marks it sent; 409 when it is not reviewed or was sent already.',
        params: idParams,
        response: { 202: weeklyReportSentSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendWeeklyReport(deps, sessionVet(request), request.params.id)),
  );
};

/** The pet's reports under `/v1/pets/{id}/…` (the pets module keeps its own plugin). */
export const weeklyReportsPetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };
  app.get(
    '/:id/weekly-reports',
    {
      schema: {
        operationId: 'listPetWeeklyReports',
        tags,
        description: 'A pet’s weekly reports, newest week first.',
        params: idParams,
        response: { 200: petWeeklyReportsResponseSchema, ...errors },
      },
    },
    async (request) => listPetWeeklyReports(deps, sessionVet(request), request.params.id),
  );
};
