import { and, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { preventiveDueItems } from './preventive-care.table.ts';

/** The home page's "Preventive care overdue": the inbox's overdue rows, on the overdue index. */
export const preventiveCareHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope, today }) => ({
    preventiveCareOverdue: sql<number>`(${db
      .select({ count: sql<number>`count(*)::int` })
      .from(preventiveDueItems)
      .where(and(sql`${preventiveDueItems.overdueOn} <= ${today}::date`, scope(preventiveDueItems.petId)))})`,
  }),
  read: (row) => ({ preventiveCareOverdue: (row.preventiveCareOverdue as number | null | undefined) ?? 0 }),
};
