import type { EntityName } from '../../../contract/sync'
import type { EntityDefinition } from '../entity'
import { advice } from './advice'
import { adviceCondition } from './advice-condition'
import { adviceGroup } from './advice-group'
import { customField } from './custom-field'
import { customer } from './customer'
import { customerComment } from './customer-comment'
import { customerConflict } from './customer-conflict'
import { customerDocument } from './customer-document'
import { dashboardConfiguration } from './dashboard-configuration'
import { document } from './document'
import { documentVersion } from './document-version'
import { employee } from './employee'
import { questionnaire } from './questionnaire'
import { questionnaireSubmission } from './questionnaire-submission'
import { role } from './role'
import { salon } from './salon'
import { skinAnalysis } from './skin-analysis'

/**
 * Every synced entity of the client, by its contract name (contract/sync.ts ENTITIES): a new one
 * is its file here and a line below. The registry (../registry.ts) dispatches through this list.
 */
export const ENTITY_DEFINITIONS: { [E in EntityName]: EntityDefinition<E> } = {
  customer,
  salon,
  employee,
  role,
  customField,
  advice,
  adviceGroup,
  adviceCondition,
  customerConflict,
  questionnaire,
  questionnaireSubmission,
  customerComment,
  dashboardConfiguration,
  skinAnalysis,
  document,
  documentVersion,
  customerDocument,
}
