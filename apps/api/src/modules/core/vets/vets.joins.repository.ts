import { type AnyColumn, eq, inArray, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { vets } from './vets.table.ts';

/**
 * A vet a record names by role (who reviewed, answered, signed…): its id and name under `role`, left-
 * joined so a record whose vet is gone still lists. Each role is its own alias of the vets table.
 */
export function vetInRole(role: string) {
  const vet = alias(vets, role);
  return {
    fields: { id: vet.id, firstName: vet.firstName, lastName: vet.lastName },
    fullName: sql<string | null>`${vet.firstName} || ' ' || ${vet.lastName}`,
    join: <T extends PgSelect>(query: T, vetId: AnyColumn) => query.leftJoin(vet, eq(vet.id, vetId)),
  };
}

/** A vet's name, for a record's event or mail that names who acted. */
export async function vetName(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ firstName: vets.firstName, lastName: vets.lastName })
    .from(vets)
    .where(eq(vets.id, id))
    .limit(1);
  return row;
}

/** Several vets' names at once (a batch's reviewers). */
export async function vetNames(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: vets.id, firstName: vets.firstName, lastName: vets.lastName })
    .from(vets)
    .where(inArray(vets.id, ids));
}

/**
 * A vet's id and name as one JSON value, a scalar subquery a statement about something else (a pet's
 * lookup) reads in the same round trip; null for no vet.
 */
export function vetPersonSql(vetId: string | null) {
  return sql<{ id: string; firstName: string; lastName: string } | null>`(select json_build_object(
      'id', ${vets.id}, 'firstName', ${vets.firstName}, 'lastName', ${vets.lastName})
    from ${vets} where ${vets.id} = ${vetId}::uuid)`;
}
