import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '../../ui'

const TABS = ['edit', 'preview'] as const
export type EditorTab = (typeof TABS)[number]

/**
 * Below 1200 px the editor and its preview are two tabs. Both stay mounted: the preview keeps its
 * answers while switching, and a refused save finds its field in the hidden Edit panel and opens
 * it through its tab (`aria-controls`, focusFirstInvalid). The chosen tab lives in the editor, so
 * a tablet turned to landscape and back (preview beside the editor, then tabs again) keeps it.
 */
export function EditorTabs({
  editor,
  preview,
  tab,
  onTab: setTab,
}: {
  editor: ReactNode
  preview: ReactNode
  tab: EditorTab
  onTab: (tab: EditorTab) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <div role="tablist" aria-label={t('questionnaires.viewLabel')} className="flex gap-2 border-b border-line">
        {TABS.map((k) => (
          <button
            key={k}
            id={`questionnaire-tab-${k}`}
            type="button"
            role="tab"
            aria-selected={tab === k}
            aria-controls={`questionnaire-panel-${k}`}
            onClick={() => setTab(k)}
            className={cx(
              '-mb-px min-h-11 border-b-2 px-4 text-sm font-medium',
              tab === k ? 'border-primary-dark text-primary-dark' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {t(k === 'edit' ? 'questionnaires.tabEdit' : 'questionnaires.tabPreview')}
          </button>
        ))}
      </div>
      {TABS.map((k) => (
        <div
          key={k}
          role="tabpanel"
          id={`questionnaire-panel-${k}`}
          aria-labelledby={`questionnaire-tab-${k}`}
          hidden={tab !== k}
        >
          {k === 'edit' ? editor : preview}
        </div>
      ))}
    </>
  )
}
