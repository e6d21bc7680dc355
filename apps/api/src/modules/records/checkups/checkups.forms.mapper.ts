import {
  type Form,
  type FormQuestionGroup,
  type FormSummary,
  type FormVersionSummary,
  fullName,
  toTimestamp,
} from '@vetboard/contract';
import type { FormListRow, FormVersionListRow } from './checkups.forms.repository.ts';

export function toFormSummaryDto(row: FormListRow): FormSummary {
  const { form, updatedBy } = row;
  return {
    uuid: form.id,
    title: form.title,
    sku: form.sku,
    isPool: form.isPool,
    poolUuid: form.poolId,
    manuallySendable: form.manuallySendable,
    version: form.version,
    archived: form.archivedAt !== null,
    questionCount: row.questionCount,
    checkupCount: row.checkupCount,
    updatedAt: toTimestamp(form.updatedAt),
    updatedBy: updatedBy ? { uuid: updatedBy.id, name: fullName(updatedBy) } : null,
  };
}

export function toFormDto(row: FormListRow, questionGroups: FormQuestionGroup[]): Form {
  return {
    ...toFormSummaryDto(row),
    questionGroups: questionGroups.map((group) => ({
      uuid: group.uuid,
      title: group.title,
      questions: group.questions.map((question) => ({
        uuid: question.uuid,
        title: question.title,
        options: question.options.map((option) => ({
          uuid: option.uuid,
          title: option.title,
          sku: option.sku,
          problematic: option.problematic,
        })),
      })),
    })),
  };
}

export function toFormVersionDto(row: FormVersionListRow): FormVersionSummary {
  return {
    version: row.version,
    createdAt: toTimestamp(row.createdAt),
    createdBy: row.createdBy ? { uuid: row.createdBy.id, name: fullName(row.createdBy) } : null,
    questionCount: row.questionCount,
    checkupCount: row.checkupCount,
  };
}
