/**
 * Questionnaires, split by concern: questions and their schemas, questionnaires, answers and
 * their rules, who sees what (audience), submissions, activities, shortcut links, sending, and
 * uploads. Display logic is evaluated by ../conditions; `visibleQuestions` is re-exported here
 * so the screens and services that show or check a questionnaire keep one import.
 */
export * from './activities'
export * from './answer-value'
export * from './answers'
export * from './audience'
export * from './messages'
export * from './questionnaire'
export * from './questions'
export * from './send'
export * from './shortcuts'
export * from './submissions'
export * from './uploads'
export { visibleQuestions } from '../conditions/visibility'
