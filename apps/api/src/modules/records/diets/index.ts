export { monthsBetween } from './diet-pdf.ts';
export { removeDiskPdfCache } from './diets.pdf.service.ts';
export { currentDietPlansOfPets, findCurrentDietOfPet, getCurrentDietPlan } from './diets.plans.service.ts';
export { listDietTimelineEvents } from './diets.service.ts';
export { INGREDIENTS, ingredientId } from './ingredients.data.ts';
