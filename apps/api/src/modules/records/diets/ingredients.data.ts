import type { Ingredient, IngredientCategory, NutrientValues } from '@vetboard/contract';
import { v5 as uuidv5 } from 'uuid';

const INGREDIENT_NAMESPACE = 'b7e3d0a2-5c41-4f8e-9d26-8a1f3c6e0b57';

/** An ingredient's id is derived from its name, so diets keep pointing at it on every database. */
export function ingredientId(name: string): string {
  return uuidv5(name, INGREDIENT_NAMESPACE);
}

/*
 * Values are per 100 g as fed, from USDA FoodData Central SR Legacy (the NDB number is in `source`),
 * except where the source says otherwise. Conventions:
 * - carbohydrate is USDA's "by difference", so it includes the fibre listed beside it;
 * - vitamin A and D in IU as USDA prints them; vitamin E: USDA gives mg alpha-tocopherol, stored as
 *   IU at 1.49 IU/mg (RRR-alpha-tocopherol, the natural form in food);
 * - EPA + DHA = USDA's 20:5 n-3 + 22:6 n-3, in mg;
 * - taurine is not in USDA: animal foods take the raw-tissue values of Laidlaw et al. 1990
 *   (Am J Clin Nutr 52:708) and Spitze et al. 2003 (J Anim Physiol Anim Nutr 87:251), plants 0;
 * - a 0 means the food has practically none of it, not that it was not measured.
 */
type Row = [
  kcal: number,
  protein: number,
  fat: number,
  carbohydrate: number,
  fibre: number,
  calcium: number,
  phosphorus: number,
  sodium: number,
  potassium: number,
  magnesium: number,
  iron: number,
  zinc: number,
  copper: number,
  vitaminA: number,
  vitaminD: number,
  vitaminEMgAlphaTocopherol: number,
  taurine: number,
  epaDha: number,
];

const IU_PER_MG_ALPHA_TOCOPHEROL = 1.49;

function food(name: string, category: IngredientCategory, source: string, row: Row): Ingredient {
  const [
    kcal,
    protein,
    fat,
    carbohydrate,
    fibre,
    calcium,
    phosphorus,
    sodium,
    potassium,
    magnesium,
    ...rest
  ] = row;
  const [iron, zinc, copper, vitaminA, vitaminD, vitaminEMg, taurine, epaDha] = rest;
  const vitaminE = Math.round(vitaminEMg * IU_PER_MG_ALPHA_TOCOPHEROL * 100) / 100;
  const nutrients: NutrientValues = {
    protein,
    fat,
    carbohydrate,
    fibre,
    calcium,
    phosphorus,
    sodium,
    potassium,
    magnesium,
    iron,
    zinc,
    copper,
    vitaminA,
    vitaminD,
    vitaminE,
    taurine,
    epaDha,
  };
  return { id: ingredientId(name), name, category, kcalPer100g: kcal, nutrients, source };
}

const NONE: NutrientValues = {
  protein: 0,
  fat: 0,
  carbohydrate: 0,
  fibre: 0,
  calcium: 0,
  phosphorus: 0,
  sodium: 0,
  potassium: 0,
  magnesium: 0,
  iron: 0,
  zinc: 0,
  copper: 0,
  vitaminA: 0,
  vitaminD: 0,
  vitaminE: 0,
  taurine: 0,
  epaDha: 0,
};

/** Supplements are described by what they contain; everything unnamed is absent. */
function supplement(
  name: string,
  source: string,
  kcal: number,
  nutrients: Partial<NutrientValues>,
): Ingredient {
  return {
    id: ingredientId(name),
    name,
    category: 'supplement',
    kcalPer100g: kcal,
    nutrients: { ...NONE, ...nutrients },
    source,
  };
}

const SR = (ndb: string) => `USDA FoodData Central SR Legacy, NDB ${ndb}`;

// biome-ignore format: one food per line reads as the table it was taken from
export const INGREDIENTS: readonly Ingredient[] = [
  //                                                                     kcal   prot   fat    carb   fib   Ca    P     Na    K     Mg   Fe     Zn    Cu     vitA   vitD  vitEmg taur  EPA+DHA
  food('Chicken breast, cooked (roasted, skinless)', 'meat', SR('05064'), [165, 31.02, 3.57, 0, 0, 15, 228, 74, 256, 29, 1.04, 1.0, 0.049, 21, 5, 0.27, 18, 30]),
  food('Chicken breast, raw (skinless)', 'meat', SR('05062'), [120, 22.5, 2.62, 0, 0, 5, 213, 45, 334, 28, 0.37, 0.68, 0.037, 30, 1, 0.56, 18, 10]),
  food('Chicken thigh, cooked (roasted, skinless)', 'meat', SR('05096'), [209, 25.95, 10.9, 0, 0, 12, 230, 95, 269, 24, 1.31, 2.43, 0.08, 68, 8, 0.27, 169, 50]),
  food('Chicken mince, raw', 'meat', SR('05332'), [143, 17.44, 8.1, 0.04, 0, 6, 178, 60, 522, 21, 0.82, 1.47, 0.048, 33, 4, 0.23, 100, 20]),
  food('Chicken heart, raw', 'meat', SR('05030'), [153, 15.55, 9.33, 0.71, 0, 12, 177, 74, 176, 15, 5.96, 6.59, 0.344, 30, 0, 0.7, 650, 30]),
  food('Chicken liver, raw', 'meat', SR('05027'), [119, 16.92, 4.83, 0.73, 0, 8, 297, 71, 230, 19, 8.99, 2.67, 0.492, 11078, 0, 0.7, 110, 70]),
  food('Chicken liver, cooked (simmered)', 'meat', SR('05028'), [167, 24.46, 6.51, 0.87, 0, 11, 442, 76, 263, 25, 11.63, 3.99, 0.494, 13328, 0, 0.82, 110, 110]),
  food('Turkey breast, cooked (roasted, skinless)', 'meat', SR('05220'), [147, 30.13, 2.08, 0, 0, 10, 230, 99, 249, 32, 0.71, 1.72, 0.04, 0, 5, 0.09, 30, 20]),
  food('Duck meat, raw (skinless)', 'meat', SR('05140'), [132, 18.28, 5.95, 0, 0, 11, 203, 74, 271, 19, 2.4, 1.9, 0.253, 79, 3, 0.7, 150, 40]),
  food('Beef mince, lean (90% lean), raw', 'meat', SR('23562'), [176, 20.0, 10.0, 0, 0, 12, 185, 66, 321, 20, 2.25, 4.79, 0.066, 10, 4, 0.2, 43, 10]),
  food('Beef liver, raw', 'meat', SR('13325'), [135, 20.36, 3.63, 3.89, 0, 5, 387, 69, 313, 18, 4.9, 4.0, 9.755, 16898, 49, 0.38, 19, 20]),
  food('Beef liver, cooked (braised)', 'meat', SR('13326'), [191, 29.08, 5.26, 5.13, 0, 6, 497, 79, 351, 21, 6.54, 5.3, 14.59, 31714, 49, 0.51, 19, 30]),
  food('Beef heart, raw', 'meat', SR('13321'), [112, 17.72, 3.94, 0.14, 0, 7, 212, 98, 287, 21, 4.31, 1.7, 0.396, 0, 0, 0.22, 63, 10]),
  food('Beef kidney, raw', 'meat', SR('13316'), [99, 17.4, 3.09, 0.29, 0, 13, 257, 182, 262, 17, 4.6, 1.92, 0.43, 1397, 0, 0.22, 80, 20]),
  food('Lamb mince, raw', 'meat', SR('17224'), [282, 16.56, 23.41, 0, 0, 16, 157, 59, 222, 21, 1.55, 3.41, 0.101, 0, 4, 0.2, 47, 30]),
  food('Lamb leg, lean, cooked (roasted)', 'meat', SR('17014'), [191, 28.3, 7.74, 0, 0, 8, 206, 68, 350, 26, 2.12, 4.96, 0.1, 0, 4, 0.2, 47, 30]),
  food('Pork loin (tenderloin), lean, cooked (roasted)', 'meat', SR('10061'), [143, 26.17, 3.51, 0, 0, 6, 258, 57, 421, 28, 1.16, 2.43, 0.1, 7, 5, 0.17, 61, 10]),
  food('Rabbit, raw', 'meat', SR('17176'), [136, 20.05, 5.55, 0, 0, 13, 213, 41, 330, 19, 1.57, 1.57, 0.14, 0, 0, 0.4, 40, 10]),
  food('Rabbit, cooked (roasted)', 'meat', SR('17177'), [197, 29.06, 8.05, 0, 0, 19, 226, 47, 383, 21, 2.27, 2.27, 0.2, 0, 0, 0.4, 40, 10]),
  food('Venison, cooked (roasted)', 'meat', SR('17165'), [158, 30.21, 3.19, 0, 0, 7, 226, 54, 335, 24, 4.47, 2.75, 0.33, 0, 0, 0.3, 50, 10]),

  food('Salmon, Atlantic, farmed, cooked', 'fish', SR('15237'), [206, 22.1, 12.35, 0, 0, 15, 252, 61, 384, 30, 0.34, 0.43, 0.049, 50, 526, 1.1, 60, 2147]),
  food('Cod, Atlantic, cooked', 'fish', SR('15016'), [105, 22.83, 0.86, 0, 0, 14, 138, 78, 244, 42, 0.49, 0.58, 0.036, 46, 46, 0.81, 31, 158]),
  food('Haddock, cooked', 'fish', SR('15034'), [90, 19.99, 0.55, 0, 0, 14, 241, 261, 351, 27, 0.2, 0.4, 0.03, 63, 24, 0.5, 31, 166]),
  food('Sardines, canned in oil, drained, with bones', 'fish', SR('15088'), [208, 24.62, 11.45, 0, 0, 382, 490, 307, 397, 39, 2.92, 1.31, 0.186, 108, 193, 2.04, 147, 982]),
  food('Tuna, light, canned in water, drained', 'fish', SR('15121'), [116, 25.51, 0.82, 0, 0, 11, 163, 338, 237, 27, 1.53, 0.77, 0.048, 56, 47, 0.33, 42, 270]),
  food('Mackerel, Atlantic, cooked', 'fish', SR('15047'), [262, 23.85, 17.81, 0, 0, 15, 278, 83, 401, 97, 1.57, 0.94, 0.094, 180, 457, 1.96, 80, 1203]),

  food('Egg, whole, cooked (hard-boiled)', 'egg', SR('01129'), [155, 12.58, 10.61, 1.12, 0, 50, 172, 124, 126, 10, 1.19, 1.05, 0.013, 587, 87, 1.03, 0, 40]),
  food('Egg, whole, raw', 'egg', SR('01123'), [143, 12.56, 9.51, 0.72, 0, 56, 198, 142, 138, 12, 1.75, 1.29, 0.072, 540, 82, 1.05, 0, 58]),
  food('Egg white, raw', 'egg', SR('01124'), [52, 10.9, 0.17, 0.73, 0, 7, 15, 166, 163, 11, 0.08, 0.03, 0.023, 0, 0, 0, 0, 0]),

  food('Cottage cheese, low fat (1%)', 'dairy', SR('01016'), [72, 12.39, 1.02, 2.72, 0, 61, 134, 406, 86, 5, 0.14, 0.38, 0.028, 41, 0, 0.01, 1, 0]),
  food('Yoghurt, plain, whole milk', 'dairy', SR('01116'), [61, 3.47, 3.25, 4.66, 0, 121, 95, 46, 155, 12, 0.05, 0.59, 0.009, 99, 2, 0.06, 3, 0]),
  food('Greek yoghurt, plain, non-fat', 'dairy', SR('01256'), [59, 10.19, 0.39, 3.6, 0, 110, 135, 36, 141, 11, 0.07, 0.52, 0.017, 4, 0, 0.01, 3, 0]),

  food('White rice, cooked', 'grain', SR('20045'), [130, 2.69, 0.28, 28.17, 0.4, 10, 43, 1, 35, 12, 1.2, 0.49, 0.069, 0, 0, 0.04, 0, 0]),
  food('Brown rice, cooked', 'grain', SR('20037'), [123, 2.74, 0.97, 25.58, 1.6, 3, 103, 4, 86, 39, 0.56, 0.71, 0.108, 0, 0, 0.17, 0, 0]),
  food('Oats (porridge), cooked with water', 'grain', SR('08121'), [71, 2.54, 1.52, 12.0, 1.7, 9, 77, 4, 70, 27, 0.9, 1.0, 0.09, 0, 0, 0.08, 0, 0]),
  food('Pasta, cooked', 'grain', SR('20121'), [158, 5.8, 0.93, 30.86, 1.8, 7, 58, 1, 44, 18, 1.28, 0.51, 0.1, 0, 0, 0.06, 0, 0]),
  food('Barley, pearled, cooked', 'grain', SR('20006'), [123, 2.26, 0.44, 28.22, 3.8, 11, 54, 3, 93, 22, 1.33, 0.82, 0.105, 7, 0, 0.01, 0, 0]),
  food('Quinoa, cooked', 'grain', SR('20137'), [120, 4.4, 1.92, 21.3, 2.8, 17, 152, 7, 172, 64, 1.49, 1.09, 0.192, 5, 0, 0.63, 0, 0]),
  food('Millet, cooked', 'grain', SR('20032'), [119, 3.51, 1.0, 23.67, 1.3, 3, 100, 2, 62, 44, 0.63, 0.91, 0.161, 3, 0, 0.02, 0, 0]),
  food('Buckwheat groats, cooked', 'grain', SR('20010'), [92, 3.38, 0.62, 19.94, 2.7, 7, 70, 4, 88, 51, 0.8, 0.61, 0.146, 0, 0, 0.09, 0, 0]),

  food('Lentils, cooked', 'legume', SR('16070'), [116, 9.02, 0.38, 20.13, 7.9, 19, 180, 2, 369, 36, 3.33, 1.27, 0.251, 8, 0, 0.11, 0, 0]),
  food('Chickpeas, cooked', 'legume', SR('16057'), [164, 8.86, 2.59, 27.42, 7.6, 49, 168, 7, 291, 48, 2.89, 1.53, 0.352, 27, 0, 0.35, 0, 0]),
  food('Kidney beans, cooked', 'legume', SR('16033'), [127, 8.67, 0.5, 22.8, 6.4, 28, 142, 1, 405, 45, 2.94, 1.07, 0.242, 0, 0, 0.03, 0, 0]),

  food('Sweet potato, cooked (baked in skin)', 'vegetable', SR('11508'), [90, 2.01, 0.15, 20.71, 3.3, 38, 54, 36, 475, 27, 0.69, 0.32, 0.161, 19218, 0, 0.71, 0, 0]),
  food('Potato, boiled (without skin)', 'vegetable', SR('11367'), [86, 1.71, 0.1, 20.01, 2.0, 8, 40, 5, 328, 20, 0.31, 0.27, 0.168, 3, 0, 0.01, 0, 0]),
  food('Carrot, cooked (boiled)', 'vegetable', SR('11125'), [35, 0.76, 0.18, 8.22, 3.0, 30, 30, 58, 235, 10, 0.34, 0.2, 0.017, 17033, 0, 1.03, 0, 0]),
  food('Carrot, raw', 'vegetable', SR('11124'), [41, 0.93, 0.24, 9.58, 2.8, 33, 35, 69, 320, 12, 0.3, 0.24, 0.045, 16706, 0, 0.66, 0, 0]),
  food('Green beans, cooked (boiled)', 'vegetable', SR('11061'), [35, 1.89, 0.28, 7.88, 3.2, 44, 29, 1, 146, 18, 0.65, 0.25, 0.057, 707, 0, 0.46, 0, 0]),
  food('Broccoli, cooked (boiled)', 'vegetable', SR('11091'), [35, 2.38, 0.41, 7.18, 3.3, 40, 67, 41, 293, 21, 0.67, 0.45, 0.061, 1548, 0, 1.45, 0, 0]),
  food('Broccoli, raw', 'vegetable', SR('11090'), [34, 2.82, 0.37, 6.64, 2.6, 47, 66, 33, 316, 21, 0.73, 0.41, 0.049, 623, 0, 0.78, 0, 0]),
  food('Pumpkin, canned (plain)', 'vegetable', SR('11426'), [34, 1.1, 0.28, 8.09, 2.9, 26, 35, 5, 206, 23, 1.39, 0.17, 0.05, 15563, 0, 1.06, 0, 0]),
  food('Pumpkin, cooked (boiled)', 'vegetable', SR('11424'), [20, 0.72, 0.07, 4.9, 1.1, 15, 30, 1, 230, 9, 0.57, 0.23, 0.1, 5755, 0, 0.8, 0, 0]),
  food('Butternut squash, cooked (baked)', 'vegetable', SR('11486'), [40, 0.9, 0.09, 10.49, 3.2, 41, 27, 4, 284, 29, 0.6, 0.13, 0.065, 11155, 0, 1.29, 0, 0]),
  food('Spinach, cooked (boiled)', 'vegetable', SR('11458'), [23, 2.97, 0.26, 3.75, 2.4, 136, 56, 70, 466, 87, 3.57, 0.76, 0.174, 10481, 0, 2.08, 0, 0]),
  food('Courgette, raw', 'vegetable', SR('11477'), [17, 1.21, 0.32, 3.11, 1.0, 16, 38, 8, 261, 18, 0.37, 0.32, 0.053, 200, 0, 0.12, 0, 0]),
  food('Peas, green, cooked (boiled from frozen)', 'vegetable', SR('11313'), [78, 5.15, 0.27, 14.26, 4.5, 24, 77, 72, 110, 22, 1.52, 0.66, 0.13, 2100, 0, 0.02, 0, 0]),
  food('Cauliflower, cooked (boiled)', 'vegetable', SR('11136'), [23, 1.84, 0.45, 4.11, 2.3, 16, 32, 15, 142, 9, 0.32, 0.17, 0.018, 12, 0, 0.07, 0, 0]),

  food('Apple, raw, with skin', 'fruit', SR('09003'), [52, 0.26, 0.17, 13.81, 2.4, 6, 11, 1, 107, 5, 0.12, 0.04, 0.027, 54, 0, 0.18, 0, 0]),
  food('Blueberries, raw', 'fruit', SR('09050'), [57, 0.74, 0.33, 14.49, 2.4, 6, 12, 1, 77, 6, 0.28, 0.16, 0.057, 54, 0, 0.57, 0, 0]),
  food('Banana, raw', 'fruit', SR('09040'), [89, 1.09, 0.33, 22.84, 2.6, 5, 22, 1, 358, 27, 0.26, 0.15, 0.078, 64, 0, 0.1, 0, 0]),

  food('Sunflower oil', 'oil', SR('04506'), [884, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0.03, 0, 0, 0, 0, 41.08, 0, 0]),
  food('Olive oil', 'oil', SR('04053'), [884, 0, 100, 0, 0, 1, 0, 2, 1, 0, 0.56, 0, 0, 0, 0, 14.35, 0, 0]),
  food('Fish oil (salmon)', 'oil', SR('04593'), [902, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 31250]),
  food('Cod liver oil', 'oil', SR('04589'), [902, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100000, 10000, 0, 0, 17866]),
  food('Coconut oil', 'oil', SR('04047'), [892, 0, 99.06, 0, 0, 1, 0, 0, 0, 0, 0.05, 0.02, 0, 0, 0, 0.11, 0, 0]),
  food('Linseed (flaxseed) oil', 'oil', SR('42231'), [884, 0.11, 99.98, 0, 0, 1, 1, 0, 0, 0, 0, 0.07, 0, 0, 0, 0.47, 0, 0]),

  food('Kelp, raw', 'supplement', SR('11445'), [43, 1.68, 0.56, 9.57, 1.3, 168, 42, 233, 89, 121, 2.85, 1.23, 0.13, 116, 0, 0.87, 0, 0]),
  food("Brewer's yeast, dried", 'supplement', 'NRC 2006 feed composition, brewers dried yeast (IFN 7-05-527)', [325, 44.4, 1.0, 38.0, 3.0, 140, 1400, 70, 1700, 230, 10, 4, 3.3, 0, 0, 0, 0, 0]),
  food('Psyllium husk', 'supplement', 'Typical label values of psyllium husk powder (about 80% soluble fibre)', [200, 1.5, 0.6, 85, 80, 100, 30, 30, 40, 10, 1.2, 0, 0, 0, 0, 0, 0, 0]),
  supplement('Calcium carbonate', 'Chemical composition: CaCO3 is 40% calcium', 0, { calcium: 40_000 }),
  supplement('Eggshell powder', 'Schaafsma et al. 2000 (Poultry Sci 79:1833): dried eggshell about 38% calcium', 0, {
    calcium: 38_000,
    phosphorus: 100,
    magnesium: 400,
    sodium: 130,
  }),
  supplement('Bone meal, steamed', 'NRC 2006 feed composition, bone meal, steamed (IFN 6-00-400)', 62, {
    protein: 12,
    fat: 1.5,
    calcium: 30_710,
    phosphorus: 12_860,
    sodium: 460,
    potassium: 190,
    magnesium: 330,
    iron: 84,
    zinc: 12.5,
    copper: 1.1,
  }),
  supplement('Dicalcium phosphate', 'Chemical composition: CaHPO4·2H2O is 23.3% calcium and 18.0% phosphorus', 0, {
    calcium: 23_290,
    phosphorus: 18_000,
  }),
  supplement('Taurine powder', 'Chemical composition: pure taurine', 0, { taurine: 100_000 }),
  supplement('Vitamin E powder (500 IU/g)', 'Label value: all-rac-alpha-tocopheryl acetate 50%, 500 IU per g', 0, {
    vitaminE: 50_000,
  }),
  supplement(
    'Multivitamin-mineral premix',
    'Typical label values of a canine/feline vitamin-mineral premix for home-prepared diets; check the product used',
    0,
    {
      calcium: 12_000,
      phosphorus: 6_000,
      magnesium: 1_200,
      iron: 400,
      zinc: 1_000,
      copper: 80,
      vitaminA: 250_000,
      vitaminD: 20_000,
      vitaminE: 3_000,
    },
  ),
  supplement('Salt, iodised', `${SR('02047')} (table salt)`, 0, {
    sodium: 38_758,
    calcium: 24,
    potassium: 8,
    magnesium: 1,
    iron: 0.33,
    copper: 0.03,
  }),
  supplement('Potassium chloride (lite salt)', 'Chemical composition: KCl is 52.4% potassium', 0, { potassium: 52_440 }),
];
