import { type VetKind, type VetListQuery, vetKinds, vetSortFields } from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema, urlText } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'name', order: 'asc' } as const;

/** SPEC §2 "Teammates (kind={product})": the product's own vets; the API also takes `product`. */
export function isProductKindParam(kind: string, productName: string): boolean {
  const lower = kind.toLowerCase();
  return lower === 'product' || lower === productName.toLowerCase();
}

export function isVetKind(kind: string): kind is VetKind {
  return (vetKinds as readonly string[]).includes(kind);
}

/** `/vets?kind=b2b|partner|{product}&search=…`; an unknown kind lists every vet instead of failing. */
export function vetsSearchSchema(productName: string) {
  return z.extend(listSearchSchema(vetSortFields, DEFAULT_SORT), {
    kind: z.catch(
      z.optional(urlText.check(z.refine((kind) => isVetKind(kind) || isProductKindParam(kind, productName)))),
      undefined,
    ),
  });
}
export type VetsSearch = z.output<ReturnType<typeof vetsSearchSchema>>;

export const vetsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

/** What the list asks for; `userUuids` is for other screens that look vets up by id. */
export type VetsListQuery = Omit<VetListQuery, 'userUuids'>;

export function vetsFilterQuery(search: VetsSearch) {
  return { kind: search.kind, search: search.search, sort: search.sort, order: search.order };
}

export function vetsListQuery(search: VetsSearch): VetsListQuery {
  return { page: search.page, pageSize: search.pageSize, ...vetsFilterQuery(search) };
}

const KIND_TITLES: Record<VetKind, string> = {
  regular: 'Vets',
  head: 'Head vets',
  b2b: 'B2B Vets',
  partner: 'B2B Partners',
  undefined: 'Undefined vets',
};

/** SPEC §2 menu: 'B2B Vets', 'B2B Partners', 'Teammates'. */
export function vetsTitle(kind: string | undefined, productName: string): string {
  if (!kind) return 'All vets';
  if (isProductKindParam(kind, productName)) return 'Teammates';
  return isVetKind(kind) ? KIND_TITLES[kind] : 'All vets';
}

/** The list a vet of this kind appears in: the product's own vets are the Teammates. */
export function listKindFor(kind: VetKind, productName: string): string {
  return kind === 'regular' || kind === 'head' ? productName : kind;
}

/** The kind a new vet starts with when created from a list: the list's own. */
export function createKindFor(kind: string | undefined, productName: string): VetKind | undefined {
  if (!kind) return undefined;
  if (isProductKindParam(kind, productName)) return 'regular';
  return isVetKind(kind) ? kind : undefined;
}
