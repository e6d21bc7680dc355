export { listQuestionTimelineEvents } from './questions.service.ts';
