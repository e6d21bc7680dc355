import { z } from 'zod';
import { species } from './enums.ts';

export const speciesSchema = z.enum(species);
export type Species = z.infer<typeof speciesSchema>;

export const speciesLabels: Record<Species, string> = { dog: 'Dog', cat: 'Cat' };

export const breedSchema = z.object({ id: z.uuid(), name: z.string(), species: speciesSchema });
export type Breed = z.infer<typeof breedSchema>;

export const breedListQuerySchema = z.object({ species: speciesSchema.optional() });
export const breedListResponseSchema = z.object({ breeds: z.array(breedSchema) });
export type BreedListResponse = z.infer<typeof breedListResponseSchema>;
