import { medicalRecordStatuses } from '@vetboard/contract';
import { pgEnum } from 'drizzle-orm/pg-core';

export const medicalRecordStatusEnum = pgEnum('medical_record_status', medicalRecordStatuses);
