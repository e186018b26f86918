export { copyProviderQuestionnaires } from './provider-templates'
export { audienceOf, getQuestionnaire, listQuestionnaires, loadQuestionnaire } from './read'
export { toQuestionnaire } from './serialize'
export { createQuestionnaire, updateQuestionnaire } from './write'
