import { checkupStatuses } from '@vetboard/contract';
import { pgEnum } from 'drizzle-orm/pg-core';

export const checkupStatusEnum = pgEnum('checkup_status', checkupStatuses);
