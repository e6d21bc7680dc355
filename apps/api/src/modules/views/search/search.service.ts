import type { SearchQuery, SearchResponse, SearchResult } from '@vetboard/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../policy/actor.ts';
import { petCondition, userCodeCondition } from '../../../policy/scope.ts';
import type { PetAlertBadgesRead } from '../../manifest.ts';
import { type SearchHitDto, toOwnerResult, toPetResult, toVetResult } from './search.mapper.ts';
import {
  prepareTypoSearch,
  searchOwners,
  searchPetsByMicrochip,
  searchPetsByName,
  searchScopeColumns,
  searchVets,
} from './search.repository.ts';

/** Microchips are typed with or without spaces; a few digits are enough to look one up by its start. */
const MICROCHIP_QUERY = /^\d{3,20}$/;

/**
 * Typos are looked for in names of three letters or more; not in e-mail addresses (every address
 * shares its domain's trigrams with every other) nor in numbers.
 */
function typoTolerant(term: string): boolean {
  return term.length >= 3 && !term.includes('@') && !/^[\d\s-]+$/.test(term);
}

const TYPE_ORDER: Record<SearchResult['type'], number> = { pet: 0, owner: 1, vet: 2 };

function byRank(a: SearchHitDto, b: SearchHitDto): number {
  return b.score - a.score || TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.title.localeCompare(b.title);
}

/** What the searcher may open (the access policy): pets and owners outside it are never found. */
interface Scopes {
  pets: SQL | undefined;
  owners: SQL | undefined;
}

/** Real matches. One query after the other: on PGlite they could not overlap anyway. */
async function findMatches(db: Db, term: string, limit: number, scopes: Scopes): Promise<SearchHitDto[]> {
  const digits = term.replace(/[\s-]/g, '');
  const petsByChip = MICROCHIP_QUERY.test(digits)
    ? await searchPetsByMicrochip(db, digits, limit, scopes.pets)
    : [];
  const petsByName = await searchPetsByName(db, 'strict', term, limit, scopes.pets);
  const owners = await searchOwners(db, 'strict', term, limit, scopes.owners);
  const vets = await searchVets(db, 'strict', term, limit);
  return [
    ...petsByChip.map(toPetResult),
    ...petsByName.map(toPetResult),
    ...owners.map(toOwnerResult),
    ...vets.map(toVetResult),
  ];
}

/** Typo matches, one query after the other: they share the transaction that holds their settings. */
async function findTypos(db: Db, term: string, limit: number, scopes: Scopes): Promise<SearchHitDto[]> {
  return db.transaction(async (tx) => {
    await prepareTypoSearch(tx);
    const pets = await searchPetsByName(tx, 'typo', term, limit, scopes.pets);
    const owners = await searchOwners(tx, 'typo', term, limit, scopes.owners);
    const vets = await searchVets(tx, 'typo', term, limit);
    return [...pets.map(toPetResult), ...owners.map(toOwnerResult), ...vets.map(toVetResult)];
  });
}

/**
 * Pets, owners and vets in one list, best first (tiers in search.repository.ts). A typo match always
 * ranks below a real one, so typos are only looked for when real matches do not fill the list. The pets
 * shown get their alerts in one read (handed by records/pet-alerts: a view imports no record).
 */
export async function searchEverything(
  deps: { db: Db; petAlertBadges: PetAlertBadgesRead },
  actor: Actor,
  query: SearchQuery,
): Promise<SearchResponse> {
  const { q, limit } = query;
  const scopes: Scopes = {
    pets: petCondition(actor, searchScopeColumns.petId),
    owners: userCodeCondition(actor, searchScopeColumns.ownerB2bCode),
  };
  const seen = new Set<string>();
  const results = (await findMatches(deps.db, q, limit, scopes)).filter(
    (result) => !seen.has(result.uuid) && seen.add(result.uuid),
  );
  if (results.length < limit && typoTolerant(q))
    results.push(...(await findTypos(deps.db, q, limit - results.length, scopes)));
  const shown = results.sort(byRank).slice(0, limit);
  const alerts = await deps.petAlertBadges(
    deps.db,
    shown.filter((result) => result.type === 'pet').map((result) => result.uuid),
  );
  return {
    results: shown.map((result) => ({
      ...result,
      alerts: result.type === 'pet' ? (alerts.get(result.uuid) ?? []) : [],
    })),
  };
}
