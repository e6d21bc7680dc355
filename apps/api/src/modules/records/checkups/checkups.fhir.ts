import type { Checkup, Form } from '@vetboard/contract';

/** The code system of a form's option skus, so a coding names which form's options it draws from. */
const optionSystem = (formUuid: string) => `urn:uuid:${formUuid}`;

/**
 * The form's canonical URL: the same for every version (a reference adds `|version`), and it answers, for a
 * signed-in vet, with the current version (`?version=N` for another), so a receiver can fetch what it cites.
 */
export const questionnaireUrl = (publicUrl: string, formUuid: string) =>
  `${publicUrl}/v1/forms/${formUuid}/fhir`;

/**
 * A computer-usable name, as FHIR's invariant que-0 asks (`[A-Z]([A-Za-z0-9_]){0,254}`): the sku's words in
 * PascalCase, letters outside ASCII dropped (skus keep every script's letters, the invariant does not).
 */
export function questionnaireName(sku: string): string {
  const words = sku
    .normalize('NFKD')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return (/^[A-Z]/.test(name) ? name : `Form${name}`).slice(0, 255);
}

interface QuestionnaireVersion {
  publicUrl: string;
  /** When this version was saved. */
  savedAt: Date;
  /** The form's current version number: an earlier one is retired, as no checkup is sent with it any more. */
  currentVersion: number;
}

/** A version of a form as a FHIR R4 Questionnaire: groups of `choice` items whose answer codes are the option skus. */
export function toFhirQuestionnaire(
  form: Form,
  { publicUrl, savedAt, currentVersion }: QuestionnaireVersion,
) {
  return {
    resourceType: 'Questionnaire' as const,
    id: form.uuid,
    url: questionnaireUrl(publicUrl, form.uuid),
    version: String(form.version),
    name: questionnaireName(form.sku),
    title: form.title,
    status: form.archived || form.version < currentVersion ? 'retired' : 'active',
    date: savedAt.toISOString(),
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

/**
 * A checkup's answers as a FHIR R4 QuestionnaireResponse. `questionnaire` is a canonical reference to the version
 * the checkup was sent with (`url|version`), which the form's export produces with `?version=`.
 */
export function toFhirQuestionnaireResponse(checkup: Omit<Checkup, 'pendingCards'>, publicUrl: string) {
  return {
    resourceType: 'QuestionnaireResponse' as const,
    id: checkup.uuid,
    questionnaire: `${questionnaireUrl(publicUrl, checkup.form.uuid)}|${checkup.form.version}`,
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
