import { fullName, type PetQuestion, toTimestamp } from '@vetboard/contract';
import { personRef } from '../../../lib/person-ref.ts';
import type { WithoutPetAlerts } from '../pet-alerts/index.ts';
import type { PetQuestionDetailsRow } from './questions.repository.ts';

const timestampOrNull = (date: Date | null) => (date ? toTimestamp(date) : null);

export function toPetQuestionDto(row: PetQuestionDetailsRow): WithoutPetAlerts<PetQuestion> {
  const { question } = row;
  return {
    uuid: question.id,
    pet: { uuid: row.pet.id, name: row.pet.name },
    ownerName:
      row.owner?.firstName != null
        ? fullName({ firstName: row.owner.firstName, lastName: row.owner.lastName ?? '' })
        : null,
    question: question.question,
    askedAt: toTimestamp(question.askedAt),
    receivedAt: toTimestamp(question.receivedAt),
    status: question.status,
    answer: question.answer,
    answeredBy: personRef(row.answeredBy),
    answeredAt: timestampOrNull(question.answeredAt),
    sentBy: personRef(row.sentBy),
    sentAt: timestampOrNull(question.sentAt),
  };
}
