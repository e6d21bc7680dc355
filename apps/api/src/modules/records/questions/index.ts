export { listOldestOpenQuestions, listQuestionTimelineEvents } from './questions.service.ts';
