export { monthsBetween } from './diet-pdf.ts';
export { currentDietPlansOfPets, findCurrentDietOfPet, getCurrentDietPlan } from './diets.plans.service.ts';
export { listDietTimelineEvents, removeDiskPdfCache } from './diets.service.ts';
export { INGREDIENTS, ingredientId } from './ingredients.data.ts';
