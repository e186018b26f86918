import { createRoute } from '@tanstack/react-router'
import { customerPagesRoute } from './customer-pages'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'
import { ZCodeSearch } from './search'
import { CustomerFacingProvider } from '../ui/errors'

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
    // The customer's own texts for a refusal about the salon's plan (src/ui/errors.ts).
    return (
      <CustomerFacingProvider value>
        <CustomerQuestionnairePage slug={slug} questionnaireId={questionnaireId} />
      </CustomerFacingProvider>
    )
  },
})

const CustomerSubmissionPage = lazyNamed(
  () => import('../features/questionnaire-fill/customer-submission-page'),
  'CustomerSubmissionPage',
)

/** `/{slug}/submission/{id}`: a signed-in customer reads a submitted questionnaire and changes answers. */
export const customerSubmissionRoute = createRoute({
  getParentRoute: () => customerPagesRoute,
  path: '/$slug/submission/$submissionId',
  component: function CustomerSubmissionRoute() {
    return <CustomerSubmissionPage submissionId={customerSubmissionRoute.useParams().submissionId} />
  },
})

const ShortcutPage = lazyNamed(() => import('../features/questionnaire-fill/shortcut-page'), 'ShortcutPage')

/** `/shortcut?code=` and `/new-questionnaire?code=`: links in sent questionnaires. */
export const shortcutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shortcut',
  validateSearch: ZCodeSearch,
  component: function ShortcutRoute() {
    return <ShortcutPage code={shortcutRoute.useSearch().code} />
  },
})
export const newQuestionnaireRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/new-questionnaire',
  validateSearch: ZCodeSearch,
  component: function NewQuestionnaireRoute() {
    return <ShortcutPage code={newQuestionnaireRoute.useSearch().code} />
  },
})
