import {
  dietKinds,
  dietStatuses,
  ingredientCategories,
  nutrientProfileKinds,
  units,
} from '@vetboard/contract';
import { pgEnum } from 'drizzle-orm/pg-core';

// Apart from the tables: `diets` and `diet_plans` reference each other, and an enum must exist before
// either table module finishes loading.
export const ingredientCategoryEnum = pgEnum('ingredient_category', ingredientCategories);
export const dietKindEnum = pgEnum('diet_kind', dietKinds);
export const nutrientProfileKindEnum = pgEnum('nutrient_profile_kind', nutrientProfileKinds);
export const dietStatusEnum = pgEnum('diet_status', dietStatuses);
export const amountUnitEnum = pgEnum('amount_unit', units);
