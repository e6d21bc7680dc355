import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor.ts';

/**
 * What an actor may see. The product's own vets (`regular`, `head`) and `undefined` vets see
 * everything, as do jobs and the product's integrations; B2B vets and partners work for an outside
 * company and see only that company's customers: the pets of its B2B families, their owners and
 * families, and everything that hangs off those pets. So does a company's own integration token.
 */
export type DataScope = { kind: 'all' } | { kind: 'company'; sku: string } | { kind: 'none' };

export function scopeOf(actor: Actor): DataScope {
  if (actor.type === 'integration')
    return actor.companySku ? { kind: 'company', sku: actor.companySku } : { kind: 'all' };
  if (actor.type !== 'vet') return { kind: 'all' };
  if (actor.kind !== 'b2b' && actor.kind !== 'partner') return { kind: 'all' };
  // A company vet without a company is a broken account: it sees nothing rather than everything.
  return actor.companySku ? { kind: 'company', sku: actor.companySku } : { kind: 'none' };
}

/**
 * The conditions below are what repositories add to their WHERE clause (`and(…, condition)`):
 * `undefined` for an actor who sees everything, so a product vet's queries are unchanged. They are
 * written in SQL over the tables' names so the policy depends on no module.
 */
export type ScopeCondition = SQL | undefined;

const NOTHING = sql`false`;

/** The families of the company: B2B families whose owner is one of its users. */
function companyFamilies(sku: string): SQL {
  return sql`(select f.id from families f join users u on u.id = f.owner_user_id
    where f.family_kind = 'b2b' and u.b2b_code = ${sku})`;
}

/** `familyId` is a column holding a family's id (families.id, pets.family_id, …). */
export function familyCondition(actor: Actor, familyId: AnyColumn | SQL): ScopeCondition {
  const scope = scopeOf(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return NOTHING;
  return sql`${familyId} in ${companyFamilies(scope.sku)}`;
}

/** `petId` is a column holding a pet's id (pets.id, diets.pet_id, tracker rows' pet_id, …). */
export function petCondition(actor: Actor, petId: AnyColumn | SQL): ScopeCondition {
  const scope = scopeOf(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return NOTHING;
  return sql`${petId} in (select p.id from pets p where p.family_id in ${companyFamilies(scope.sku)})`;
}

/** `b2bCode` is the users.b2b_code column of the users being listed: the company's own users. */
export function userCodeCondition(actor: Actor, b2bCode: AnyColumn | SQL): ScopeCondition {
  const scope = scopeOf(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return NOTHING;
  return sql`${b2bCode} = ${scope.sku}`;
}

/** `userId` is a column holding a user's id (subscriptions.user_id, beta_users.user_id, …). */
export function userCondition(actor: Actor, userId: AnyColumn | SQL): ScopeCondition {
  const scope = scopeOf(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return NOTHING;
  return sql`${userId} in (select u.id from users u where u.b2b_code = ${scope.sku})`;
}

/** `sku` is a column holding a company's code. */
export function companyCondition(actor: Actor, sku: AnyColumn | SQL): ScopeCondition {
  const scope = scopeOf(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return NOTHING;
  return sql`${sku} = ${scope.sku}`;
}

/**
 * Whether the actor may hear of a change to something of a company (`null`: the product's own
 * customers). The same rule as the read conditions above, for the live stream, which filters events
 * in memory instead of in SQL.
 */
export function mayHearOf(actor: Actor, companySku: string | null): boolean {
  const scope = scopeOf(actor);
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return companySku === scope.sku;
}
