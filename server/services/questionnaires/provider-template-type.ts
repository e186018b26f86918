import type { Language } from '../../../contract/enums'
import type { QuestionInput } from '../../../contract/questionnaires'

/** The shape of a provider questionnaire (its own file: the templates and the observation form both use it). */
type Text = Record<Language, string>
export type TemplateQuestion = Omit<QuestionInput, 'name' | 'body' | 'options'> & {
  name: Text
  body?: Text
  options?: { id: string; customer: Text; employee: Text }[]
}
export type Template = {
  key: string
  name: Text
  /** Filled by the customer (default) or by staff about the customer. */
  kind?: 'customerQuestionnaire' | 'employeeQuestionnaire'
  questions: TemplateQuestion[]
}
