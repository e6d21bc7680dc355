import { errorResponseSchema, petAttentionResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import type { ViewSources } from '../../manifest.ts';
import { getPetAttention, type PetAttentionDeps } from './pet-attention.service.ts';

const tags = ['pet-attention'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const petAttentionRoutes: FastifyPluginAsyncZod<ViewSources> = async (app, options) => {
  const deps: PetAttentionDeps = { db: app.database.db, now: app.clock.now, sources: options.attention };

  app.get(
    '/:id/attention',
    {
      schema: {
        operationId: 'getPetAttention',
        summary: 'Get what is open about a pet',
        tags,
        description:
          'The pet’s open work, grouped: open pending cards (not snoozed) most severe first, with who claimed ' +
          'them; open reminders due today or overdue; answered checkups and medical records waiting for ' +
          'review; open owner questions. Each group gives its total and its first five items, each with the ' +
          'dashboard page that handles it; a group with nothing open is left out. `highestSeverity` is the ' +
          'most severe open card’s. A pet outside the vet’s scope answers 404.',
        params: idParams,
        response: { 200: petAttentionResponseSchema, ...errors },
      },
    },
    async (request) => getPetAttention(deps, sessionVet(request), request.params.id),
  );
};
