import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { families, pets, users } from '../../../db/schema.ts';
import type { HomeSource } from '../../manifest.ts';
import { dailyStatuses } from './b2b.table.ts';

const owners = alias(users, 'owner');

/** The home page's count of B2B pets (of a known company) without a daily status today. */
export const b2bHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope, today }) => ({
    b2bPetsWithoutStatus: sql<number>`(${db
      .select({ count: sql<number>`count(*)::int` })
      .from(pets)
      .innerJoin(families, eq(families.id, pets.familyId))
      .innerJoin(owners, eq(owners.id, families.ownerUserId))
      .leftJoin(
        dailyStatuses,
        and(eq(dailyStatuses.petId, pets.id), eq(dailyStatuses.date, today), isNull(dailyStatuses.deletedAt)),
      )
      .where(
        and(
          eq(families.familyKind, 'b2b'),
          sql`${owners.b2bCode} in (select sku from companies)`,
          isNull(dailyStatuses.id),
          scope(pets.id),
        ),
      )})`,
  }),
  read: (row) => ({ b2bPetsWithoutStatus: (row.b2bPetsWithoutStatus as number | null | undefined) ?? 0 }),
};
