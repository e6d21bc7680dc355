import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';

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
    });
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
      questionnaire: `Questionnaire/${formId}|1`,
      status: 'completed',
      subject: { display: 'Luna' },
    });
    expect(typeof answers.authored).toBe('string');
    const items = answers.item[0].item;
    expect(items.map((item: { linkId: string }) => item.linkId)).toEqual(questionIds);
    expect(items[0].answer).toEqual([
      { valueCoding: { system: `urn:uuid:${formId}`, code: 'yes_sometimes', display: 'Yes, Sometimes!' } },
    ]);
    expect(items[1].answer[0].valueCoding.code).toBe('yes');
  });
});
