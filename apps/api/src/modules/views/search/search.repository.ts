import type { Species, VetKind } from '@vetboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { breeds, families, pets, users, vets } from '../../../db/schema.ts';
import { containsPattern, escapeLike } from '../../../lib/list-query.ts';

/**
 * How well a row matches: `tier` 4 is the whole name (or e-mail, or microchip), 3 the start of it or
 * of one of its words, 2 anywhere inside, 1 only alike (a typo); `closeness` (0-1) orders a tier.
 */
export interface Ranked {
  tier: number;
  closeness: number;
}

/**
 * A typo shares few trigrams with what was meant ('lnua' has only its first one in common with
 * 'luna'), so the trigram index is asked for loosely similar rows and `TYPO_MIN_CLOSENESS` then keeps
 * only those really alike.
 */
const WORD_SIMILARITY_THRESHOLD = '0.19';
export const TYPO_MIN_CLOSENESS = 0.5;

/**
 * Call first in the typo search's transaction (both settings end with it). `%>` reads the threshold.
 * The planner prices `word_similarity` as cheap and scans whole tables for `%>`; on 5,000 rows that
 * measured 20-35 ms a table on PostgreSQL against 4-7 ms through the trigram index.
 */
export async function prepareTypoSearch(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true),
      set_config('enable_seqscan', 'off', true)`,
  );
}

interface Patterns {
  term: string;
  contains: string;
  prefix: string;
  wordPrefix: string;
}

function patternsOf(term: string): Patterns {
  const lowered = term.toLowerCase();
  const escaped = escapeLike(lowered);
  return {
    term: lowered,
    contains: containsPattern(lowered),
    prefix: `${escaped}%`,
    wordPrefix: `% ${escaped}%`,
  };
}

/**
 * Letters in common, both ways, over both lengths. Unlike trigrams it ignores their order, so
 * swapped letters ('lnua' for 'luna') still score high.
 */
function sharedLetters(text: SQL, term: string): SQL {
  return sql`((length(${text}) - length(translate(${text}, ${term}, '')))
    + (length(${term}) - length(translate(${term}, ${text}, ''))))::float8
    / greatest(length(${text}) + length(${term}), 1)`;
}

/**
 * Typos keep most letters: 'lnua' and 'luna' share all, 'lena' three of four. Cheap to compute, so it
 * screens the typo candidates before the costlier trigram similarity runs on the survivors.
 */
const TYPO_MIN_SHARED_LETTERS = 0.6;

function tierOf(searchText: SQL, isExact: SQL, p: Patterns): SQL {
  return sql`case
    when ${isExact} then 4
    when ${searchText} like ${p.prefix} or ${searchText} like ${p.wordPrefix} then 3
    when ${searchText} like ${p.contains} then 2
    else 1 end`;
}

export type MatchMode = 'strict' | 'typo';

interface Searchable {
  id: SQL;
  /** The table's lower-cased, trigram-indexed `search_text`. */
  text: SQL;
  from: SQL;
  isExact: SQL;
  /** Lower-cased names a typo is compared with, e.g. first name, last name and both. */
  names: SQL[];
  /** The access policy's condition (policy/scope.ts): rows the searcher may not open are never candidates. */
  scope?: SQL;
}

/** The columns the access policy's conditions are written over, for the service to build them. */
export const searchScopeColumns = { petId: pets.id, ownerB2bCode: users.b2bCode };

const andScope = (scope: SQL | undefined) => (scope ? sql` and ${scope}` : sql``);

/**
 * `strict`: the text contains the term (for one or two letters: a word starts with it), ranked by tier
 * then by trigram similarity. `typo`: only rows that do not contain it but have a word alike (the
 * `%>` operator, needing `prepareTypoSearch`), tier 1, ranked by how alike their closest name is: half
 * trigram similarity, half shared letters. Both use the `search_text` trigram index.
 */
function ranked(mode: MatchMode, source: Searchable, term: string, limit: number): SQL {
  const p = patternsOf(term);
  const { id, text, from } = source;
  if (mode === 'strict') {
    const matches =
      p.term.length >= 3
        ? sql`${text} like ${p.contains}`
        : sql`(${text} like ${p.prefix} or ${text} like ${p.wordPrefix})`;
    return sql`select ${id} as id, ${tierOf(text, source.isExact, p)} as tier,
        similarity(${text}, ${p.term})::float8 as closeness
      from ${from}
      where ${matches}${andScope(source.scope)}
      order by tier desc, closeness desc, ${text}, ${id}
      limit ${limit}`;
  }
  const columns = source.names.map((_, i) => sql.raw(`name${i}`));
  const closeness = columns.map(
    (name) => sql`0.5 * similarity(${name}, ${p.term}) + 0.5 * ${sharedLetters(name, p.term)}`,
  );
  const shared = source.names.map((name) => sharedLetters(name, p.term));
  // OFFSET 0 keeps each subquery as written, so the similarity runs only on the screened rows.
  return sql`select id, 1 as tier, closeness from (
        select id, text, greatest(${sql.join(closeness, sql`, `)})::float8 as closeness
        from (
          select ${id} as id, ${text} as text,
            ${sql.join(
              source.names.map((name, i) => sql`${name} as ${columns[i]}`),
              sql`, `,
            )}
          from ${from}
          where ${text} %> ${p.term} and not (${text} like ${p.contains})${andScope(source.scope)}
            and greatest(${sql.join(shared, sql`, `)}) >= ${TYPO_MIN_SHARED_LETTERS}
          offset 0
        ) screened
        offset 0
      ) c
      where closeness >= ${TYPO_MIN_CLOSENESS}
      order by closeness desc, text, id
      limit ${limit}`;
}

export interface PetHit extends Ranked {
  id: string;
  name: string;
  species: Species;
  imageUrl: string | null;
  familyId: string;
  breed: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  matchedOn: 'name' | 'microchip';
}

interface PetHitRow {
  id: string;
  name: string;
  species: Species;
  image_url: string | null;
  family_id: string;
  breed: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  tier: number | string;
  closeness: number | string;
}

/** The pet, its breed and its family's owner, for the rows `ranked` (id, tier, closeness) keeps. */
function petDetailsOf(ranked: SQL): SQL {
  return sql`select r.tier, r.closeness, p.id, p.name, p.species::text as species, p.image_url, p.family_id,
      b.name as breed, u.first_name as owner_first_name, u.last_name as owner_last_name
    from (${ranked}) r
    join ${pets} p on p.id = r.id
    left join ${breeds} b on b.id = p.breed_id
    left join ${families} f on f.id = p.family_id
    left join ${users} u on u.id = f.owner_user_id
    order by r.tier desc, r.closeness desc, lower(p.name), p.id`;
}

function toPetHit(row: PetHitRow, matchedOn: PetHit['matchedOn']): PetHit {
  return {
    id: row.id,
    name: row.name,
    species: row.species,
    imageUrl: row.image_url,
    familyId: row.family_id,
    breed: row.breed,
    ownerFirstName: row.owner_first_name,
    ownerLastName: row.owner_last_name,
    tier: Number(row.tier),
    closeness: Number(row.closeness),
    matchedOn,
  };
}

export async function searchPetsByName(
  db: DbOrTx,
  mode: MatchMode,
  term: string,
  limit: number,
  scope: SQL | undefined,
): Promise<PetHit[]> {
  const text = sql`${pets.searchText}`;
  const source: Searchable = {
    id: sql`${pets.id}`,
    text,
    from: sql`${pets}`,
    isExact: sql`${text} = ${term.toLowerCase()}`,
    names: [text],
    scope,
  };
  const rows = rowsOf<PetHitRow>(await db.execute(petDetailsOf(ranked(mode, source, term, limit))));
  return rows.map((row) => toPetHit(row, 'name'));
}

/** `digits` is a whole microchip number or its first digits (the `text_pattern_ops` index). */
export async function searchPetsByMicrochip(
  db: DbOrTx,
  digits: string,
  limit: number,
  scope: SQL | undefined,
): Promise<PetHit[]> {
  const ranked = sql`select ${pets.id} as id,
      case when ${pets.microchip} = ${digits} then 4 else 3 end as tier,
      (length(${digits})::float8 / greatest(length(${pets.microchip}), 1)) as closeness
    from ${pets}
    where ${pets.microchip} like ${`${escapeLike(digits)}%`}${andScope(scope)}
    order by tier desc, ${pets.microchip}
    limit ${limit}`;
  const rows = rowsOf<PetHitRow>(await db.execute(petDetailsOf(ranked)));
  return rows.map((row) => toPetHit(row, 'microchip'));
}

export interface PersonHit extends Ranked {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  matchedOn: 'name' | 'email';
}

export interface OwnerHit extends PersonHit {
  b2bCode: string | null;
  familyId: string | null;
}

export interface VetHit extends PersonHit {
  kind: VetKind;
  imageUrl: string | null;
}

interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  matched_on: 'name' | 'email';
  tier: number | string;
  closeness: number | string;
}

type PeopleTable = typeof users | typeof vets;

/** Users and vets have the same searchable columns; `search_text` is "first last email", lower-cased. */
function rankedPeople(table: PeopleTable, mode: MatchMode, term: string, limit: number, scope?: SQL): SQL {
  const text = sql`${table.searchText}`;
  const fullName = sql`lower(${table.firstName} || ' ' || ${table.lastName})`;
  return ranked(
    mode,
    {
      id: sql`${table.id}`,
      text,
      from: sql`${table}`,
      isExact: sql`(${fullName} = ${term.toLowerCase()} or lower(${table.email}) = ${term.toLowerCase()})`,
      names: [sql`lower(${table.firstName})`, sql`lower(${table.lastName})`, fullName],
      scope,
    },
    term,
    limit,
  );
}

/** Whether the name or the e-mail is what matched; decided for the few rows kept, not every candidate. */
function matchedOnOf(alias: string, term: string): SQL {
  const p = patternsOf(term);
  const fullName = sql.raw(`lower(${alias}.first_name || ' ' || ${alias}.last_name)`);
  const email = sql.raw(`lower(${alias}.email)`);
  return sql`case
    when ${fullName} like ${p.contains} then 'name'
    when ${email} like ${p.contains} then 'email'
    when word_similarity(${p.term}, ${email}) > word_similarity(${p.term}, ${fullName}) then 'email'
    else 'name'
  end`;
}

function toPersonHit(row: PersonRow): PersonHit {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    matchedOn: row.matched_on,
    tier: Number(row.tier),
    closeness: Number(row.closeness),
  };
}

export async function searchOwners(
  db: DbOrTx,
  mode: MatchMode,
  term: string,
  limit: number,
  scope: SQL | undefined,
): Promise<OwnerHit[]> {
  const rows = rowsOf<PersonRow & { b2b_code: string | null; family_id: string | null }>(
    await db.execute(sql`select r.tier, r.closeness, ${matchedOnOf('u', term)} as matched_on, u.id, u.first_name, u.last_name, u.email,
        u.b2b_code, u.family_id
      from (${rankedPeople(users, mode, term, limit, scope)}) r
      join ${users} u on u.id = r.id
      order by r.tier desc, r.closeness desc, lower(u.last_name), lower(u.first_name), u.id`),
  );
  return rows.map((row) => ({ ...toPersonHit(row), b2bCode: row.b2b_code, familyId: row.family_id }));
}

export async function searchVets(
  db: DbOrTx,
  mode: MatchMode,
  term: string,
  limit: number,
): Promise<VetHit[]> {
  const rows = rowsOf<PersonRow & { kind: VetKind; image_url: string | null }>(
    await db.execute(sql`select r.tier, r.closeness, ${matchedOnOf('v', term)} as matched_on, v.id, v.first_name, v.last_name, v.email,
        v.kind::text as kind, v.image_url
      from (${rankedPeople(vets, mode, term, limit)}) r
      join ${vets} v on v.id = r.id
      order by r.tier desc, r.closeness desc, lower(v.last_name), lower(v.first_name), v.id`),
  );
  return rows.map((row) => ({ ...toPersonHit(row), kind: row.kind, imageUrl: row.image_url }));
}
