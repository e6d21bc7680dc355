import {
  type Checkup,
  type CheckupSummary,
  type FormQuestionGroup,
  fullName,
  toTimestamp,
} from '@vetboard/contract';
import type { WithoutPetAlerts } from '../pet-alerts/index.ts';
import type { CheckupDetailsRow } from './checkups.repository.ts';

const personRef = (
  person: { id: string | null; firstName: string | null; lastName: string | null } | null,
) =>
  person?.id
    ? {
        uuid: person.id,
        name: fullName({ firstName: person.firstName ?? '', lastName: person.lastName ?? '' }),
      }
    : null;

export function toCheckupSummaryDto(row: CheckupDetailsRow): WithoutPetAlerts<CheckupSummary> {
  const { checkup } = row;
  return {
    uuid: checkup.id,
    pet: { uuid: row.pet.id, name: row.pet.name },
    ownerName:
      row.owner?.firstName != null
        ? fullName({ firstName: row.owner.firstName, lastName: row.owner.lastName ?? '' })
        : null,
    form: { uuid: row.form.id, title: row.form.title, version: checkup.formVersion },
    poolUuid: row.form.isPool ? row.form.id : row.form.poolId,
    status: checkup.status,
    problematic: checkup.problematic,
    problematicCount: checkup.problematicCount,
    sentAt: toTimestamp(checkup.sentAt),
    answeredAt: checkup.answeredAt ? toTimestamp(checkup.answeredAt) : null,
    reviewedAt: checkup.reviewedAt ? toTimestamp(checkup.reviewedAt) : null,
    reviewedBy: personRef(row.reviewedBy),
    filledBy: personRef(row.filledBy),
  };
}

export function toCheckupDto(
  row: CheckupDetailsRow,
  questionGroups: FormQuestionGroup[],
  vets: Map<string, { id: string; firstName: string; lastName: string }>,
): Omit<WithoutPetAlerts<Checkup>, 'pendingCards'> {
  const answers = new Map((row.checkup.answers ?? []).map((a) => [a.questionUuid, a.optionSku]));
  return {
    ...toCheckupSummaryDto(row),
    questionGroups: questionGroups.map((group) => ({
      uuid: group.uuid,
      title: group.title,
      questions: group.questions.map((question) => {
        const option = question.options.find((candidate) => candidate.sku === answers.get(question.uuid));
        return {
          uuid: question.uuid,
          title: question.title,
          options: question.options.map(({ uuid, title, sku, problematic }) => ({
            uuid,
            title,
            sku,
            problematic,
          })),
          answer: option
            ? {
                optionUuid: option.uuid,
                sku: option.sku,
                title: option.title,
                problematic: option.problematic,
              }
            : null,
        };
      }),
    })),
    vetComment: row.checkup.vetComment,
    commentHistory: row.checkup.commentHistory.map((entry) => {
      const vet = entry.vetId ? vets.get(entry.vetId) : undefined;
      return {
        comment: entry.comment,
        by: vet ? { uuid: vet.id, name: fullName(vet) } : null,
        at: toTimestamp(new Date(entry.at)),
      };
    }),
  };
}
