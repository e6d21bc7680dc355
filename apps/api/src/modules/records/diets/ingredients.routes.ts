import { errorResponseSchema, ingredientListResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toIngredientDto } from './diets.mapper.ts';
import { listIngredients } from './diets.repository.ts';

export const ingredientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        operationId: 'listIngredients',
        tags: ['diets'],
        description:
          'The ingredient catalogue with energy and nutrients per 100 g as fed, by category (meat, fish, … supplements) then name, for the ' +
          "diet editor's picker and its live formulation.",
        response: { 200: ingredientListResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ ingredients: (await listIngredients(app.database.db)).map(toIngredientDto) }),
  );
};
