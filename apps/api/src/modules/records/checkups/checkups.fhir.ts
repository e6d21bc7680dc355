import type { Checkup, Form } from '@vetboard/contract';

/** The code system of a form's option skus, so a coding names which form's options it draws from. */
const optionSystem = (formUuid: string) => `urn:uuid:${formUuid}`;

/** A form as a FHIR R4 Questionnaire: groups of `choice` items whose answer codes are the option skus. */
export function toFhirQuestionnaire(form: Form) {
  return {
    resourceType: 'Questionnaire' as const,
    id: form.uuid,
    name: form.sku,
    title: form.title,
    version: String(form.version),
    status: form.archived ? 'retired' : 'active',
    item: form.questionGroups.map((group) => ({
      linkId: group.uuid,
      text: group.title,
      type: 'group',
      item: group.questions.map((question) => ({
        linkId: question.uuid,
        text: question.title,
        type: 'choice',
        required: true,
        answerOption: question.options.map((option) => ({
          valueCoding: { system: optionSystem(form.uuid), code: option.sku, display: option.title },
        })),
      })),
    })),
  };
}

/** A checkup's answers as a FHIR R4 QuestionnaireResponse to the version of the form it was sent with. */
export function toFhirQuestionnaireResponse(checkup: Omit<Checkup, 'pendingCards'>) {
  return {
    resourceType: 'QuestionnaireResponse' as const,
    id: checkup.uuid,
    questionnaire: `Questionnaire/${checkup.form.uuid}|${checkup.form.version}`,
    status: checkup.status === 'sent' ? 'in-progress' : 'completed',
    subject: { reference: `Patient/${checkup.pet.uuid}`, display: checkup.pet.name },
    ...(checkup.answeredAt ? { authored: new Date(checkup.answeredAt.seconds * 1000).toISOString() } : {}),
    item: checkup.questionGroups.map((group) => ({
      linkId: group.uuid,
      text: group.title,
      item: group.questions.map((question) => ({
        linkId: question.uuid,
        text: question.title,
        ...(question.answer
          ? {
              answer: [
                {
                  valueCoding: {
                    system: optionSystem(checkup.form.uuid),
                    code: question.answer.sku,
                    display: question.answer.title,
                  },
                },
              ],
            }
          : {}),
      })),
    })),
  };
}
