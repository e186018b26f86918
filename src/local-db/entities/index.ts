/*
 * Every synced entity of the client, one line each: its file is named after the contract entity
 * (contract/sync.ts ENTITIES) and exports its EntityDefinition under that name. A missing line
 * fails the typecheck in ../registry.ts, naming the entity.
 */
export { advice } from './advice'
export { adviceCondition } from './advice-condition'
export { adviceGroup } from './advice-group'
export { customField } from './custom-field'
export { customer } from './customer'
export { customerComment } from './customer-comment'
export { customerConflict } from './customer-conflict'
export { customerDocument } from './customer-document'
export { dashboardConfiguration } from './dashboard-configuration'
export { document } from './document'
export { documentVersion } from './document-version'
export { employee } from './employee'
export { questionnaire } from './questionnaire'
export { questionnaireSubmission } from './questionnaire-submission'
export { role } from './role'
export { salon } from './salon'
export { skinAnalysis } from './skin-analysis'
export { trainingCertificate } from './training-certificate'
export { trainingCourse } from './training-course'
export { trainingProgress } from './training-progress'
