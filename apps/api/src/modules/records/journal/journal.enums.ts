import { journalCategories, journalStatuses } from '@vetboard/contract';
import { pgEnum } from 'drizzle-orm/pg-core';

export const journalCategoryEnum = pgEnum('journal_category', journalCategories);
export const journalStatusEnum = pgEnum('journal_status', journalStatuses);
