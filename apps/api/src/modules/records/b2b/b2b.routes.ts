import {
  b2bCompaniesQuerySchema,
  b2bCompaniesResponseSchema,
  b2bPetsQuerySchema,
  b2bPetsResponseSchema,
  companyEmailListQuerySchema,
  companyEmailListResponseSchema,
  companyEmailsResponseSchema,
  dailyStatusCreateSchema,
  dailyStatusEmailPreviewSchema,
  dailyStatusEmailSchema,
  dailyStatusListQuerySchema,
  dailyStatusListResponseSchema,
  dailyStatusResponseSchema,
  dailyStatusUpdateSchema,
  emailPreviewSchema,
  errorResponseSchema,
  okResponseSchema,
  urgentReportEmailSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  listB2bCompanyEmails,
  previewDailyStatusEmail,
  previewUrgentReportEmail,
  sendDailyStatusEmail,
  sendUrgentReportEmail,
} from './b2b.emails.service.ts';
import {
  type B2bMailDeps,
  createDailyStatus,
  deleteDailyStatus,
  editDailyStatus,
  listB2bCompanies,
  listB2bPets,
  listDailyStatuses,
} from './b2b.service.ts';

const tags = ['b2b'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const b2bRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: B2bMailDeps = { db: app.database.db, now: app.clock.now, mailer: app.mailer };

  app.get(
    '/companies',
    {
      schema: {
        operationId: 'listB2bCompanies',
        tags,
        description:
          'The B2B companies the vet may see, by name, each with its pets, how many have a status for `date` ' +
          '(today by default) and its latest daily-status e-mail (when, by whom, how delivery went).',
        querystring: b2bCompaniesQuerySchema,
        response: { 200: b2bCompaniesResponseSchema, ...errors },
      },
    },
    async (request) => listB2bCompanies(deps, sessionVet(request), request.query),
  );

  app.get(
    '/pets',
    {
      schema: {
        operationId: 'listB2bPets',
        tags,
        description:
          'A company’s pets by name with their status of `date` (today by default); `status` keeps those with a ' +
          'status written or those missing one; the counts are the whole company’s for that day.',
        querystring: b2bPetsQuerySchema,
        response: { 200: b2bPetsResponseSchema, ...errors },
      },
    },
    async (request) => listB2bPets(deps, sessionVet(request), request.query),
  );

  app.get(
    '/daily-status',
    {
      schema: {
        operationId: 'listDailyStatuses',
        tags,
        description:
          'Live daily statuses, newest day first, by company, pet and an inclusive range of days, with their ' +
          'author and earlier texts replaced by edits.',
        querystring: dailyStatusListQuerySchema,
        response: { 200: dailyStatusListResponseSchema, ...errors },
      },
    },
    async (request) => listDailyStatuses(deps, sessionVet(request), request.query),
  );

  app.post(
    '/daily-status',
    {
      schema: {
        operationId: 'createDailyStatus',
        tags,
        description:
          'Writes a B2B pet’s status for a day. One live status per pet and day: a second one answers 409 ' +
          'naming the existing status, to be edited instead.',
        body: dailyStatusCreateSchema,
        response: {
          201: dailyStatusResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDailyStatus(deps, sessionVet(request), request.body)),
  );

  app.put(
    '/daily-status/:id',
    {
      schema: {
        operationId: 'updateDailyStatus',
        tags,
        description: 'Edits a live daily status; the text it replaces is kept in its history.',
        params: idParams,
        body: dailyStatusUpdateSchema,
        response: { 200: dailyStatusResponseSchema, ...errors },
      },
    },
    async (request) => editDailyStatus(deps, sessionVet(request), request.params.id, request.body),
  );

  app.put(
    '/daily-status/:id/delete',
    {
      schema: {
        operationId: 'deleteDailyStatus',
        tags,
        description:
          'Soft-deletes a daily status: it leaves the lists and e-mails and is kept with who deleted it and when.',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => deleteDailyStatus(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/daily-status-email/preview',
    {
      schema: {
        operationId: 'previewDailyStatusEmail',
        tags,
        description:
          'The daily-status e-mail of a company and day as it would be sent, and its recipients; with the ' +
          'company’s pets that still have no status that day (the first 50 by name, and the count) and the last ' +
          'send of that day’s e-mail, if one went (when, by whom, to how many).',
        body: dailyStatusEmailSchema,
        response: { 200: dailyStatusEmailPreviewSchema, ...errors },
      },
    },
    async (request) => previewDailyStatusEmail(deps, sessionVet(request), request.body),
  );

  app.post(
    '/daily-status-email',
    {
      schema: {
        operationId: 'sendDailyStatusEmail',
        tags,
        description:
          'E-mails each daily-status contact of the company a table of the day’s live statuses (HTML and plain ' +
          'text, through the mail queue); every e-mail is recorded with its delivery. When that day’s e-mail ' +
          'already went it answers 409 `b2b.daily_email_already_sent` naming when and by whom, unless `resend`.',
        body: dailyStatusEmailSchema,
        response: { 202: companyEmailsResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendDailyStatusEmail(deps, sessionVet(request), request.body)),
  );

  app.post(
    '/urgent-report-email/preview',
    {
      schema: {
        operationId: 'previewUrgentReportEmail',
        tags,
        description: 'The urgent report about a pet as it would be sent, and its recipients.',
        body: urgentReportEmailSchema,
        response: { 200: emailPreviewSchema, ...errors, 422: errorResponseSchema },
      },
    },
    async (request) => previewUrgentReportEmail(deps, sessionVet(request), request.body),
  );

  app.post(
    '/urgent-report-email',
    {
      schema: {
        operationId: 'sendUrgentReportEmail',
        tags,
        description:
          'E-mails each urgent-report contact of the pet’s company the vet’s text and the pet’s latest vitals.',
        body: urgentReportEmailSchema,
        response: {
          202: companyEmailsResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendUrgentReportEmail(deps, sessionVet(request), request.body)),
  );

  app.get(
    '/emails',
    {
      schema: {
        operationId: 'listCompanyEmails',
        tags,
        description:
          'The e-mails sent to a company’s contacts, newest first: to, subject, when, by whom, delivery.',
        querystring: companyEmailListQuerySchema,
        response: { 200: companyEmailListResponseSchema, ...errors },
      },
    },
    async (request) => listB2bCompanyEmails(deps, sessionVet(request), request.query),
  );
};
