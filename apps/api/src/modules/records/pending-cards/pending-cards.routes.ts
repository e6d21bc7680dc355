import {
  errorResponseSchema,
  pendingCardBulkResolveResponseSchema,
  pendingCardBulkResolveSchema,
  pendingCardListQuerySchema,
  pendingCardListResponseSchema,
  pendingCardReopenSchema,
  pendingCardResolveSchema,
  pendingCardResponseSchema,
  pendingCardSnoozeSchema,
  pendingCardTriggerKindsResponseSchema,
  pendingCardTriggerResolveSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import type { ViewSources } from '../../manifest.ts';
import {
  bulkResolveCards,
  claimCard,
  reopenCard,
  resolveCard,
  resolveTrigger,
  snoozeCard,
  unclaimCard,
} from './pending-cards.actions.service.ts';
import {
  getPendingCard,
  listPendingCardsPage,
  listTriggerKinds,
  type PendingCardsDeps,
} from './pending-cards.inbox.service.ts';

const tags = ['pending-cards'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const changeErrors = { ...errors, 409: errorResponseSchema };

export const pendingCardsRoutes: FastifyPluginAsyncZod<ViewSources> = async (app, options) => {
  const deps: PendingCardsDeps = {
    db: app.database.db,
    now: app.clock.now,
    itemStates: options.itemStates,
  };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listPendingCards',
        tags,
        description:
          'The pending cards queue: by default open cards not snoozed, high-red first, then the longest waiting; ' +
          'filters by concern, severity, claimed by me or unclaimed, company and pet.',
        querystring: pendingCardListQuerySchema,
        response: { 200: pendingCardListResponseSchema, ...errors },
      },
    },
    async (request) => listPendingCardsPage(deps, sessionVet(request), request.query),
  );

  app.get(
    '/triggers',
    {
      schema: {
        operationId: 'listPendingCardTriggerKinds',
        tags,
        description:
          'Every kind of trigger that raises a pending card, with its label, concern and severity.',
        response: { 200: pendingCardTriggerKindsResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => listTriggerKinds(),
  );

  app.post(
    '/bulk-resolve',
    {
      schema: {
        operationId: 'bulkResolvePendingCards',
        tags,
        description:
          'Resolves several cards with one note, all or nothing (an unknown card answers 404 and nothing is ' +
          'resolved); cards already resolved are left as they are.',
        body: pendingCardBulkResolveSchema,
        response: { 200: pendingCardBulkResolveResponseSchema, ...errors },
      },
    },
    async (request) => bulkResolveCards(deps, sessionVet(request), request.body),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getPendingCard',
        tags,
        description:
          'One card with its triggers (values and thresholds), the pet’s other open cards and its resolved ' +
          'cards of the same concern.',
        params: idParams,
        response: { 200: pendingCardResponseSchema, ...errors },
      },
    },
    async (request) => getPendingCard(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/claim',
    {
      schema: {
        operationId: 'claimPendingCard',
        tags,
        description: '“I’m on it”: the card becomes the vet’s. A card another vet claimed answers 409.',
        params: idParams,
        response: { 200: pendingCardResponseSchema, ...changeErrors },
      },
    },
    async (request) => claimCard(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/unclaim',
    {
      schema: {
        operationId: 'unclaimPendingCard',
        tags,
        description: 'Gives the card back to the queue, unclaimed.',
        params: idParams,
        response: { 200: pendingCardResponseSchema, ...changeErrors },
      },
    },
    async (request) => unclaimCard(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/snooze',
    {
      schema: {
        operationId: 'snoozePendingCard',
        tags,
        description: 'Hides the card from the queue until `until`, with the vet’s reason.',
        params: idParams,
        body: pendingCardSnoozeSchema,
        response: { 200: pendingCardResponseSchema, ...changeErrors },
      },
    },
    async (request) => snoozeCard(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/resolve',
    {
      schema: {
        operationId: 'resolvePendingCard',
        tags,
        description:
          'Resolves the card and its open triggers with the vet’s note (SPEC §7). A later signal opens a new card.',
        params: idParams,
        body: pendingCardResolveSchema,
        response: { 200: pendingCardResponseSchema, ...changeErrors },
      },
    },
    async (request) => resolveCard(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/reopen',
    {
      schema: {
        operationId: 'reopenPendingCard',
        tags,
        description:
          'Opens a resolved card again with the vet’s reason: the triggers its resolution closed open again and ' +
          'the card is the vet’s. 409 while the card is open, or while the pet has a newer open card of the ' +
          'same concern.',
        params: idParams,
        body: pendingCardReopenSchema,
        response: { 200: pendingCardResponseSchema, ...changeErrors },
      },
    },
    async (request) => reopenCard(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/triggers/:triggerId/resolve',
    {
      schema: {
        operationId: 'resolvePendingCardTrigger',
        tags,
        description:
          'Resolves one trigger of the card (SPEC §7); resolving its last open trigger resolves the card, so ' +
          'that one takes the card’s note (409 pending_cards.last_trigger_needs_note without it).',
        params: z.object({ id: z.uuid(), triggerId: z.uuid() }),
        body: pendingCardTriggerResolveSchema,
        response: { 200: pendingCardResponseSchema, ...changeErrors },
      },
    },
    async (request) =>
      resolveTrigger(deps, sessionVet(request), request.params.id, request.params.triggerId, request.body),
  );
};
