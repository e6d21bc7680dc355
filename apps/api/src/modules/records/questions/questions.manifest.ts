import type { ModuleManifest } from '../../manifest.ts';
import { questionsHomeCounts } from './questions.home.repository.ts';
import { questionsAwaitingAnswer } from './questions.repository.ts';
import { questionsPetRoutes, questionsRoutes } from './questions.routes.ts';
import {
  listOldestOpenQuestions,
  listPetQuestionsPage,
  listQuestionTimelineEvents,
} from './questions.service.ts';

export const manifest: ModuleManifest = {
  name: 'questions',
  tier: 'records',
  itemState: { entity: 'pet_question', read: questionsAwaitingAnswer },
  routes: [
    { plugin: questionsRoutes, prefix: '/v1/pet-questions' },
    { plugin: questionsPetRoutes, prefix: '/v1/pets' },
  ],
  openApiTags: [
    {
      name: 'questions',
      description:
        'Owners’ questions about their pet from the owner app, and vets’ answers: saved, edited, sent by e-mail.',
    },
  ],
  timeline: [{ kinds: ['question.asked', 'question.answered'], read: listQuestionTimelineEvents }],
  attention: {
    kind: 'question',
    read: async (deps, actor, petId, limit) => {
      const { petQuestions, counts } = await listPetQuestionsPage(deps, actor, petId, {
        page: 1,
        pageSize: limit,
        status: 'open',
      });
      return {
        total: counts.open,
        items: petQuestions.map((question) => ({
          uuid: question.uuid,
          title: question.question,
          detail: null,
          severity: null,
          since: question.askedAt,
          overdue: false,
          claimedBy: null,
          link: `/pets/${petId}/qa`,
        })),
      };
    },
  },
  home: {
    counts: questionsHomeCounts,
    lists: async (deps, actor, listed) => ({
      oldestOpenQuestions: await listOldestOpenQuestions(deps, actor, listed),
    }),
  },
};
