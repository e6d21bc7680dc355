import type { ModuleManifest } from '../../manifest.ts';
import { dietPlansPetRoutes, dietPlansRoutes } from './diets.plans.routes.ts';
import { dietsRoutes } from './diets.routes.ts';
import { listDietTimelineEvents } from './diets.service.ts';
import { ingredientsRoutes } from './ingredients.routes.ts';
import { syncIngredients } from './ingredients.sync.ts';

export const manifest: ModuleManifest = {
  name: 'diets',
  tier: 'records',
  routes: [
    { plugin: dietPlansRoutes, prefix: '/v1/diet-plans' },
    { plugin: dietPlansPetRoutes, prefix: '/v1/pets' },
    { plugin: dietsRoutes, prefix: '/v1/diets' },
    { plugin: ingredientsRoutes, prefix: '/v1/ingredients' },
  ],
  openApiTags: [
    { name: 'diets', description: 'Diet plans and diets: formulation, publishing, copies and PDFs.' },
  ],
  referenceData: syncIngredients,
  timeline: [{ kinds: ['diet.published'], read: listDietTimelineEvents }],
};
