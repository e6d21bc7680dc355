import {
  errorResponseSchema,
  reminderAssignSchema,
  reminderCreateSchema,
  reminderListQuerySchema,
  reminderListResponseSchema,
  reminderResponseSchema,
  reminderUpdateSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  assignReminder,
  completeReminder,
  createReminder,
  editReminder,
  getReminder,
  listRemindersPage,
  type RemindersDeps,
  reopenReminder,
} from './reminders.service.ts';

const tags = ['reminders'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const changeErrors = { ...errors, 409: errorResponseSchema };

export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RemindersDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listReminders',
        tags,
        description:
          'The vet reminders inbox: open reminders first, by due time (overdue, then due today, then later), ' +
          'then done ones; filtered by status, mine or unassigned, a vet, a pet, a pending card, a due range ' +
          'and pet, owner or title search. A pet’s reminders are this list with `petUuid`.',
        querystring: reminderListQuerySchema,
        response: { 200: reminderListResponseSchema, ...errors },
      },
    },
    async (request) => listRemindersPage(deps, sessionVet(request), request.query),
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'createReminder',
        tags,
        description:
          'A reminder about a pet, due at a time, assigned to a vet who can see the pet or to nobody; ' +
          '`pendingCardUuid` ties it to one of the pet’s pending cards.',
        body: reminderCreateSchema,
        response: { 201: reminderResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReminder(deps, sessionVet(request), request.body)),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getReminder',
        tags,
        description: 'One reminder.',
        params: idParams,
        response: { 200: reminderResponseSchema, ...errors },
      },
    },
    async (request) => getReminder(deps, sessionVet(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        operationId: 'updateReminder',
        tags,
        description: 'Corrects the title, notes or due time, open or done.',
        params: idParams,
        body: reminderUpdateSchema,
        response: { 200: reminderResponseSchema, ...errors },
      },
    },
    async (request) => editReminder(deps, sessionVet(request), request.params.id, request.body),
  );

  app.put(
    '/:id/assignee',
    {
      schema: {
        operationId: 'assignReminder',
        tags,
        description: 'Gives the reminder to a vet who can see the pet, or to nobody (null).',
        params: idParams,
        body: reminderAssignSchema,
        response: { 200: reminderResponseSchema, ...errors },
      },
    },
    async (request) => assignReminder(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/complete',
    {
      schema: {
        operationId: 'completeReminder',
        tags,
        description: 'Marks the reminder done by the vet; a done reminder answers 409.',
        params: idParams,
        response: { 200: reminderResponseSchema, ...changeErrors },
      },
    },
    async (request) => completeReminder(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/reopen',
    {
      schema: {
        operationId: 'reopenReminder',
        tags,
        description: 'Opens a done reminder again; an open one answers 409.',
        params: idParams,
        response: { 200: reminderResponseSchema, ...changeErrors },
      },
    },
    async (request) => reopenReminder(deps, sessionVet(request), request.params.id),
  );
};
