import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const CustomerQuestionnairePage = lazyNamed(
  () => import('../features/questionnaire-fill/customer-questionnaire-page'),
  'CustomerQuestionnairePage',
)

/** `/{slug}/questionnaire/{id}`: a signed-in customer fills a questionnaire (works offline once opened). */
export const customerQuestionnaireRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug/questionnaire/$questionnaireId',
  component: function CustomerQuestionnaireRoute() {
    const { slug, questionnaireId } = customerQuestionnaireRoute.useParams()
    return <CustomerQuestionnairePage slug={slug} questionnaireId={questionnaireId} />
  },
})
