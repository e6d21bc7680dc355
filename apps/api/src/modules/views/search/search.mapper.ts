import { type SearchResult, speciesLabels, vetKindLabels } from '@vetboard/contract';
import type { OwnerHit, PetHit, Ranked, VetHit } from './search.repository.ts';

/** A hit before its pet's alerts are read (one read for the whole answer). */
export type SearchHitDto = Omit<SearchResult, 'alerts'>;

/** Tiers never overlap: the best of a lower tier still ranks below the worst of a higher one. */
function scoreOf(hit: Ranked): number {
  return Math.round((hit.tier + 0.99 * Math.min(Math.max(hit.closeness, 0), 1)) * 1000) / 1000;
}

const joined = (parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** 'Dog · Cavalier King Charles Spaniel · Emma Clarke' */
export function toPetResult(hit: PetHit): SearchHitDto {
  return {
    type: 'pet',
    uuid: hit.id,
    title: hit.name,
    subtitle: joined([
      speciesLabels[hit.species],
      hit.breed,
      fullName(hit.ownerFirstName, hit.ownerLastName),
    ]),
    familyUuid: hit.familyId,
    imageUrl: hit.imageUrl,
    matchedOn: hit.matchedOn,
    score: scoreOf(hit),
  };
}

/** 'tom.becker@example.com · PAWSURE'; an owner opens their family. */
export function toOwnerResult(hit: OwnerHit): SearchHitDto {
  return {
    type: 'owner',
    uuid: hit.id,
    title: fullName(hit.firstName, hit.lastName),
    subtitle: joined([hit.email, hit.b2bCode]),
    familyUuid: hit.familyId,
    imageUrl: null,
    matchedOn: hit.matchedOn,
    score: scoreOf(hit),
  };
}

/** 'Head vet · head.vet@example.com' */
export function toVetResult(hit: VetHit): SearchHitDto {
  return {
    type: 'vet',
    uuid: hit.id,
    title: fullName(hit.firstName, hit.lastName),
    subtitle: joined([vetKindLabels[hit.kind], hit.email]),
    familyUuid: null,
    imageUrl: hit.imageUrl,
    matchedOn: hit.matchedOn,
    score: scoreOf(hit),
  };
}
