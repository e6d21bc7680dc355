import { createRequire } from 'node:module';
import fhirpath from 'fhirpath';
import r4 from 'fhirpath/fhir-context/r4';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';

// The official R4 JSON schema, compiled per resource by @d4l/js-fhir-validator (CommonJS).
const require = createRequire(import.meta.url);
type SchemaValidator = ((resource: unknown) => boolean) & { errors?: unknown };
const questionnaireSchema: SchemaValidator = require('@d4l/js-fhir-validator/r4/js/Questionnaire.js');
const responseSchema: SchemaValidator = require('@d4l/js-fhir-validator/r4/js/QuestionnaireResponse.js');

/**
 * FHIR R4's invariants of the two resources, as FHIRPath (hl7.org/fhir/R4/questionnaire.html#invs and
 * questionnaireresponse.html#invs), evaluated by HL7's fhirpath.js: the JSON schema cannot express them, and a
 * receiving system's validator checks them. Item-level ones hold for every item at any depth. que-0 is anchored:
 * FHIRPath's `matches` finds a match anywhere, and a name must be whole.
 */
const QUESTIONNAIRE_INVARIANTS: Record<string, string> = {
  'que-0': "name.exists() and name.matches('^[A-Z]([A-Za-z0-9_]){0,254}$')",
  'que-1':
    "Questionnaire.repeat(item).all((type = 'group' implies item.empty().not()) and (type = 'display' implies item.empty()))",
  'que-2': 'descendants().linkId.isDistinct()',
  'que-3': "Questionnaire.repeat(item).all(type != 'display' or code.empty())",
  'que-4': 'Questionnaire.repeat(item).all(answerOption.empty() or answerValueSet.empty())',
  'que-5':
    "Questionnaire.repeat(item).all((type = 'choice' or type = 'open-choice' or type = 'decimal' or type = 'integer' or type = 'date' or type = 'dateTime' or type = 'time' or type = 'string' or type = 'quantity') or (answerValueSet.empty() and answerOption.empty()))",
  'que-6': "Questionnaire.repeat(item).all(type != 'display' or (required.empty() and repeats.empty()))",
  'que-8': "Questionnaire.repeat(item).all((type != 'group' and type != 'display') or initial.empty())",
  'que-9': "Questionnaire.repeat(item).all(type != 'display' or readOnly.empty())",
  'que-11': 'Questionnaire.repeat(item).all(answerOption.empty() or initial.empty())',
  'que-12': 'Questionnaire.repeat(item).all(enableWhen.count() > 2 implies enableBehavior.exists())',
  'que-13': 'Questionnaire.repeat(item).all(repeats = true or initial.count() <= 1)',
};
const RESPONSE_INVARIANTS: Record<string, string> = {
  'qrs-1': 'QuestionnaireResponse.repeat(item | answer.item).all((answer.exists() and item.exists()).not())',
  'qrs-2': 'repeat(answer | item).select(item.where(answer.value.exists()).linkId.isDistinct()).allTrue()',
};

/** The invariants a resource breaks (an empty list when it is valid), and the JSON schema's errors. */
function violations(resource: unknown, invariants: Record<string, string>, schema: SchemaValidator) {
  const broken = Object.entries(invariants)
    .filter(([, expression]) => {
      // Synchronous: none of these expressions calls a terminology server.
      const result = fhirpath.evaluate(resource, expression, undefined, r4) as unknown[];
      return !(result.length === 1 && result[0] === true);
    })
    .map(([key]) => key);
  return schema(resource) ? broken : [...broken, JSON.stringify(schema.errors)];
}

interface FhirItem {
  linkId: string;
  answerOption?: { valueCoding: { code: string } }[];
  answer?: { valueCoding: { code: string } }[];
}
const itemsOf = (resource: unknown, path: string) =>
  fhirpath.evaluate(resource, path, undefined, r4) as FhirItem[];

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let formId: string;
let checkupId: string;
let questionIds: string[];

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  cookies = await loginAs(app, (await createTestVet(app)).email);
  const { family } = await createFamily(db);
  const petId = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  const form = (
    await app.inject({
      method: 'POST',
      url: '/v1/forms',
      cookies,
      payload: {
        form: {
          title: 'Skin and itch',
          questionGroups: [
            {
              title: 'Itch',
              questions: [
                {
                  title: 'How often does she scratch?',
                  options: [{ title: 'Rarely' }, { title: 'Yes, Sometimes!' }],
                },
                { title: 'Any hair loss?', options: [{ title: 'No' }, { title: 'Yes', problematic: true }] },
              ],
            },
          ],
        },
      },
    })
  ).json().form;
  formId = form.uuid;
  questionIds = form.questionGroups[0].questions.map((q: { uuid: string }) => q.uuid);
  checkupId = (
    await app.inject({
      method: 'POST',
      url: `/v1/forms/${formId}/send`,
      cookies,
      payload: { petUuid: petId },
    })
  ).json().checkupUuids[0];
  const { token } = await createIntegration({ db }, systemActor('test'), { name: 'Owner app' });
  await app.inject({
    method: 'POST',
    url: `/v1/checkups/${checkupId}/answers`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      answers: [
        { questionUuid: questionIds[0], optionSku: 'yes_sometimes' },
        { questionUuid: questionIds[1], optionSku: 'yes' },
      ],
    },
  });
});

describe('FHIR R4 exports for other clinical systems', () => {
  it('exports a pool as a Questionnaire of choice items whose answer codes are the option skus', async () => {
    const response = await app.inject({ method: 'GET', url: `/v1/forms/${formId}/fhir`, cookies });
    expect(response.statusCode).toBe(200);
    const questionnaire = response.json();
    expect(questionnaire).toMatchObject({
      resourceType: 'Questionnaire',
      id: formId,
      status: 'active',
      version: '1',
      url: `${app.config.publicUrl}/v1/forms/${formId}/fhir`,
      name: 'SkinAndItch',
    });
    expect(violations(questionnaire, QUESTIONNAIRE_INVARIANTS, questionnaireSchema)).toEqual([]);
    const [group] = questionnaire.item;
    expect(group).toMatchObject({ type: 'group', text: 'Itch' });
    expect(group.item.map((item: { linkId: string; type: string }) => [item.linkId, item.type])).toEqual([
      [questionIds[0], 'choice'],
      [questionIds[1], 'choice'],
    ]);
    expect(group.item[0].answerOption).toEqual([
      { valueCoding: { system: `urn:uuid:${formId}`, code: 'rarely', display: 'Rarely' } },
      { valueCoding: { system: `urn:uuid:${formId}`, code: 'yes_sometimes', display: 'Yes, Sometimes!' } },
    ]);
  });

  it('exports the answers as a completed QuestionnaireResponse to the version sent, item by linkId', async () => {
    const response = await app.inject({ method: 'GET', url: `/v1/checkups/${checkupId}/fhir`, cookies });
    expect(response.statusCode).toBe(200);
    const answers = response.json();
    expect(answers).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      questionnaire: `${app.config.publicUrl}/v1/forms/${formId}/fhir|1`,
      status: 'completed',
      subject: { display: 'Luna' },
    });
    expect(violations(answers, RESPONSE_INVARIANTS, responseSchema)).toEqual([]);
    expect(typeof answers.authored).toBe('string');
    const items = answers.item[0].item;
    expect(items.map((item: { linkId: string }) => item.linkId)).toEqual(questionIds);
    expect(items[0].answer).toEqual([
      { valueCoding: { system: `urn:uuid:${formId}`, code: 'yes_sometimes', display: 'Yes, Sometimes!' } },
    ]);
    expect(items[1].answer[0].valueCoding.code).toBe('yes');
  });

  it('exports the version a response cites after the form changed: its canonical reference resolves', async () => {
    const current = (await app.inject({ method: 'GET', url: `/v1/forms/${formId}`, cookies })).json().form;
    const changed = await app.inject({
      method: 'PUT',
      url: `/v1/forms/${formId}`,
      cookies,
      payload: {
        form: {
          title: current.title,
          questionGroups: [
            {
              title: 'Itch and skin',
              questions: [
                { title: 'Any redness?', options: [{ title: 'No' }, { title: 'Yes', problematic: true }] },
              ],
            },
          ],
        },
      },
    });
    expect(changed.statusCode).toBe(200);

    const latest = (await app.inject({ method: 'GET', url: `/v1/forms/${formId}/fhir`, cookies })).json();
    expect(latest).toMatchObject({ version: '2', status: 'active' });
    const response = (
      await app.inject({ method: 'GET', url: `/v1/checkups/${checkupId}/fhir`, cookies })
    ).json();
    const [url, version] = response.questionnaire.split('|');
    expect([url, version]).toEqual([latest.url, '1']);

    // What a receiver does with the canonical reference: fetch that version of that questionnaire.
    const cited = await app.inject({
      method: 'GET',
      url: `${new URL(url).pathname}?version=${version}`,
      cookies,
    });
    expect(cited.statusCode).toBe(200);
    const questionnaire = cited.json();
    expect(questionnaire).toMatchObject({ version: '1', status: 'retired', url: latest.url });
    expect(violations(questionnaire, QUESTIONNAIRE_INVARIANTS, questionnaireSchema)).toEqual([]);
    // Every item the response answers is an item of the cited version, with the answer among its options.
    const items = new Map(
      itemsOf(questionnaire, 'Questionnaire.repeat(item)').map((item) => [item.linkId, item]),
    );
    for (const answered of itemsOf(response, 'QuestionnaireResponse.repeat(item)')) {
      expect(items.has(answered.linkId), answered.linkId).toBe(true);
      for (const answer of answered.answer ?? []) {
        const codes = items.get(answered.linkId)?.answerOption?.map((option) => option.valueCoding.code);
        expect(codes).toContain(answer.valueCoding.code);
      }
    }
    expect(items.has(latest.item[0].item[0].linkId)).toBe(false);

    const missing = await app.inject({ method: 'GET', url: `/v1/forms/${formId}/fhir?version=3`, cookies });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('forms.version_not_found');
  });

  it('names any form as FHIR asks (que-0), whatever its title’s script or first character', async () => {
    const form = (
      await app.inject({
        method: 'POST',
        url: '/v1/forms',
        cookies,
        payload: {
          form: {
            title: '3-month Кардио follow-up',
            questionGroups: [
              {
                title: 'Heart',
                questions: [{ title: 'Cough?', options: [{ title: 'No' }, { title: 'Yes' }] }],
              },
            ],
          },
        },
      })
    ).json().form;
    const questionnaire = (
      await app.inject({ method: 'GET', url: `/v1/forms/${form.uuid}/fhir`, cookies })
    ).json();
    expect(questionnaire.name).toBe('Form3MonthFollowUp');
    expect(violations(questionnaire, QUESTIONNAIRE_INVARIANTS, questionnaireSchema)).toEqual([]);
  });
});
