import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZQuestionnairesSearch } from './search'

const QuestionnairesPage = lazyNamed(
  () => import('../features/questionnaires/questionnaires-page'),
  'QuestionnairesPage',
)
const QuestionnaireEditorPage = lazyNamed(
  () => import('../features/questionnaires/questionnaire-editor-page'),
  'QuestionnaireEditorPage',
)

/** `/{slug}/admin/questionnaires`: the list (`?search=&kind=` in the URL). */
export const questionnairesRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/questionnaires',
  staticData: { action: 'questionnaires.read' },
  validateSearch: ZQuestionnairesSearch,
  component: QuestionnairesPage,
})

/** `/{slug}/admin/questionnaires/new`: a new custom questionnaire (online only). */
export const newQuestionnaireEditorRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/questionnaires/new',
  staticData: { action: 'questionnaires.manage' },
  component: function NewQuestionnaireRoute() {
    return <QuestionnaireEditorPage id={null} />
  },
})

/** `/{slug}/admin/questionnaires/{id}`: the editor with the live preview. */
export const questionnaireEditorRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/questionnaires/$questionnaireId',
  staticData: { action: 'questionnaires.read' },
  component: function QuestionnaireEditorRoute() {
    const { questionnaireId } = questionnaireEditorRoute.useParams()
    return <QuestionnaireEditorPage id={questionnaireId} />
  },
})
