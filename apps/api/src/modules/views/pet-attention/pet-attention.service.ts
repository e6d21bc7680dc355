import {
  PET_ATTENTION_LISTED,
  type PetAttentionGroup,
  type PetAttentionResponse,
  petAttentionKinds,
} from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import type { Actor } from '../../../policy/actor.ts';
import { findPetWithOwner, petsErrors } from '../../core/pets/index.ts';
import type { AttentionSource } from '../../manifest.ts';

/**
 * The view's deps carry its sources: each record's read of its open work about a pet, handed over
 * from the records' manifests (modules/registry.ts), so this view imports no record.
 */
export interface PetAttentionDeps {
  db: Db;
  now: Now;
  sources: readonly AttentionSource[];
}

const ORDER = new Map(petAttentionKinds.map((kind, index) => [kind, index]));

export async function getPetAttention(
  deps: PetAttentionDeps,
  actor: Actor,
  petId: string,
): Promise<PetAttentionResponse> {
  // Out of scope is a 404 like a missing pet; every source then reads inside a pet the vet may see.
  const pet = await findPetWithOwner(deps.db, actor, petId);
  if (!pet) throw petsErrors.notFound();
  const read = await Promise.all(
    deps.sources.map(async (source) => {
      const { items, total } = await source.read(deps, actor, petId, PET_ATTENTION_LISTED);
      return { kind: source.kind, total, items } satisfies PetAttentionGroup;
    }),
  );
  const groups = read
    .filter((group) => group.total > 0)
    .sort((a, b) => (ORDER.get(a.kind) ?? 0) - (ORDER.get(b.kind) ?? 0));
  const cards = groups.find((group) => group.kind === 'pending_card');
  return { groups, highestSeverity: cards?.items[0]?.severity ?? null };
}
