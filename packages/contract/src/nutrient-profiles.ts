import type { Species } from './breeds.ts';
import type { NutrientKey, NutrientProfileKind } from './diets.ts';

// --- Nutrient profiles ----------------------------------------------------------------------------

export interface NutrientLimit {
  min: number | null;
  max: number | null;
}

export interface NutrientProfile {
  /** Per 1,000 kcal ME, in the contract's `nutrientUnits` (g, mg or IU). Absent key = no reference. */
  limits: Partial<Record<NutrientKey, NutrientLimit>>;
  /** Calcium : phosphorus, by weight; null where the guideline sets none. */
  calciumPhosphorusRatio: NutrientLimit | null;
}

const min = (value: number): NutrientLimit => ({ min: value, max: null });
const range = (low: number, high: number): NutrientLimit => ({ min: low, max: high });

/*
 * Units below follow `nutrientUnits`: protein/fat g, minerals/taurine/EPA+DHA mg, vitamins IU, all per
 * 1,000 kcal ME. The guidelines print minerals in g per 1,000 kcal: 1.25 g calcium is written 1250 mg.
 *
 * FEDIAF Nutritional Guidelines 2021 (tables III-3a/b dogs, III-4a/b cats, "per 1000 kcal ME"):
 * - dog adult: the column for a MER of 110 kcal/kg^0.75 (the 95 kcal column, for inactive dogs, is
 *   about 16 % higher; the energy factor already lowers their intake).
 * - dog growth: the late-growth column (14 weeks and over), which is most home-formulated puppies.
 * - cat adult: the column for a MER of 100 kcal/kg^0.67; growth: after weaning.
 * - taurine: the canned (wet) value, since home-cooked food is moist and heat-treated like it.
 * - maxima: the nutritional maxima (N) where FEDIAF gives one; EU legal limits are left to the label.
 */
const FEDIAF_DOG_ADULT: NutrientProfile = {
  limits: {
    protein: min(45),
    fat: min(13.75),
    calcium: range(1250, 6250),
    phosphorus: range(1000, 4000),
    potassium: min(1250),
    sodium: min(250),
    magnesium: min(175),
    iron: min(9),
    zinc: min(18),
    copper: min(1.8),
    vitaminA: range(1250, 100_000),
    vitaminD: range(138, 800),
    vitaminE: min(9),
  },
  calciumPhosphorusRatio: range(1, 2),
};

const FEDIAF_DOG_GROWTH: NutrientProfile = {
  limits: {
    protein: min(50),
    fat: min(21.25),
    calcium: range(2000, 4500),
    phosphorus: range(1750, 4000),
    potassium: min(1100),
    sodium: min(550),
    magnesium: min(100),
    iron: min(22),
    zinc: min(25),
    copper: min(2.75),
    vitaminA: range(1250, 100_000),
    vitaminD: range(125, 800),
    vitaminE: min(12.5),
    epaDha: min(130),
  },
  calciumPhosphorusRatio: range(1, 1.8),
};

const FEDIAF_CAT_ADULT: NutrientProfile = {
  limits: {
    protein: min(62.5),
    fat: min(22.5),
    calcium: min(1000),
    phosphorus: min(640),
    potassium: min(1500),
    sodium: min(190),
    magnesium: min(100),
    iron: min(20),
    zinc: min(18.75),
    copper: min(1.25),
    vitaminA: range(833, 100_000),
    vitaminD: range(62.5, 7500),
    vitaminE: min(9.5),
    taurine: min(500),
  },
  calciumPhosphorusRatio: range(1, 2),
};

const FEDIAF_CAT_GROWTH: NutrientProfile = {
  limits: {
    protein: min(70),
    fat: min(22.5),
    calcium: min(2500),
    phosphorus: min(2100),
    potassium: min(1500),
    sodium: min(400),
    magnesium: min(125),
    iron: min(20),
    zinc: min(18.75),
    copper: min(2.5),
    vitaminA: range(2250, 100_000),
    vitaminD: range(70, 7500),
    vitaminE: min(9.5),
    taurine: min(625),
  },
  calciumPhosphorusRatio: range(1, 1.5),
};

/*
 * AAFCO Dog and Cat Food Nutrient Profiles (2016 and later Official Publications), the per-1,000-kcal
 * ME columns. Dog growth calcium max is the 4.5 g set for large-size puppies (≥ 70 lb adult), the
 * stricter of the two; the cat profiles set no Ca:P ratio; cat copper growth is the extruded value.
 */
const AAFCO_DOG_ADULT: NutrientProfile = {
  limits: {
    protein: min(45),
    fat: min(13.8),
    calcium: range(1250, 6250),
    phosphorus: range(1000, 4000),
    potassium: min(1500),
    sodium: min(200),
    magnesium: min(150),
    iron: min(10),
    zinc: min(20),
    copper: min(1.83),
    vitaminA: range(1250, 62_500),
    vitaminD: range(125, 750),
    vitaminE: min(12.5),
  },
  calciumPhosphorusRatio: range(1, 2),
};

const AAFCO_DOG_GROWTH: NutrientProfile = {
  limits: {
    protein: min(56.3),
    fat: min(21.3),
    calcium: range(3000, 4500),
    phosphorus: range(2500, 4000),
    potassium: min(1500),
    sodium: min(800),
    magnesium: min(100),
    iron: min(22),
    zinc: min(25),
    copper: min(3.1),
    vitaminA: range(1250, 62_500),
    vitaminD: range(125, 750),
    vitaminE: min(12.5),
    epaDha: min(100),
  },
  calciumPhosphorusRatio: range(1, 2),
};

const AAFCO_CAT_ADULT: NutrientProfile = {
  limits: {
    protein: min(65),
    fat: min(22.5),
    calcium: min(1500),
    phosphorus: min(1250),
    potassium: min(1500),
    sodium: min(500),
    magnesium: min(100),
    iron: min(20),
    zinc: min(18.8),
    copper: min(1.25),
    vitaminA: range(833, 83_325),
    vitaminD: range(70, 7520),
    vitaminE: min(10),
    taurine: min(500),
  },
  calciumPhosphorusRatio: null,
};

const AAFCO_CAT_GROWTH: NutrientProfile = {
  limits: {
    protein: min(75),
    fat: min(22.5),
    calcium: min(2500),
    phosphorus: min(2000),
    potassium: min(1500),
    sodium: min(500),
    magnesium: min(200),
    iron: min(20),
    zinc: min(18.8),
    copper: min(3.75),
    vitaminA: range(1667, 83_325),
    vitaminD: range(70, 7520),
    vitaminE: min(10),
    taurine: min(500),
  },
  calciumPhosphorusRatio: null,
};

export const nutrientProfiles: Record<NutrientProfileKind, Record<Species, NutrientProfile>> = {
  fediaf_adult: { dog: FEDIAF_DOG_ADULT, cat: FEDIAF_CAT_ADULT },
  fediaf_growth: { dog: FEDIAF_DOG_GROWTH, cat: FEDIAF_CAT_GROWTH },
  aafco_adult: { dog: AAFCO_DOG_ADULT, cat: AAFCO_CAT_ADULT },
  aafco_growth: { dog: AAFCO_DOG_GROWTH, cat: AAFCO_CAT_GROWTH },
};
