import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, CloudOff, Lock } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Questionnaire, ZCreateQuestionnaire } from '../../../contract/questionnaires'
import { ApiError } from '../../api/client'
import { Button, cx, FormError, notify, useApiErrorMessage, zodFieldErrors, sameValues } from '../../ui'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'
import { DetailsFields } from './details-fields'
import { type Draft, draftFromQuestionnaire, emptyDraft, toPayload } from './editor-state'
import { ExportButton } from './export-button'
import { HiddenBadge, OriginBadge } from './questionnaire-list'
import { saveQuestionnaire } from './questionnaire-api'
import { QuestionnairePreview } from './questionnaire-preview'
import { QuestionList } from './question-list'
import { UnsavedChangesGuard } from './unsaved-changes-guard'
import { useWide } from './use-wide'
import { useCan } from '../auth/use-can'
import { useGrowRemovalCheck } from '../advice/modules/removed-in-questionnaire'

type Props = { questionnaire: Questionnaire | null; slug: string }

/**
 * The questionnaire editor with its live preview. Saving needs the server (online only); offline
 * or for those who may not manage questionnaires (questionnaires.manage) everything shows read-only. The preview sits beside the editor
 * from 1200 px (spec §9 layout threshold), behind a tab on narrower screens.
 */
export function QuestionnaireEditor({ questionnaire, slug }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const canManage = useCan('questionnaires.manage')
  const wide = useWide()
  const navigate = useNavigate()
  const errorText = useApiErrorMessage()
  const [draft, setDraft] = useState<Draft>(() =>
    questionnaire ? draftFromQuestionnaire(questionnaire) : emptyDraft(),
  )
  const [baseline, setBaseline] = useState<Draft>(() => draft)
  // After a refused save the contract's checks run live, so a fixed field loses its message at
  // once; the server's messages stay until the next edit.
  const [validated, setValidated] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [tab, setTab] = useState<'edit' | 'preview'>('edit')
  const leaving = useRef(false)
  const dirty = !sameValues(draft, baseline)
  const readOnly = !canManage || !online
  const errors = { ...(validated ? clientErrors(draft) : {}), ...serverErrors }
  const edit = (next: (d: Draft) => Draft) => {
    setDraft(next)
    setServerErrors({})
  }

  // Issue 11: a removed question or option that Grow conditions read is named before saving.
  const growCheck = useGrowRemovalCheck(replica, () => void save(true))
  const save = async (growChecked = false) => {
    if (!replica || readOnly) return
    setFormError(null)
    const payload = toPayload(draft)
    if (Object.keys(clientErrors(draft)).length) {
      setValidated(true)
      setTab('edit')
      return notify({ type: 'error', message: t('questionnaires.fixErrors') })
    }
    setSaving(true)
    try {
      if (!growChecked && !(await growCheck.check(questionnaire, payload))) return
      const saved = await saveQuestionnaire(replica, questionnaire?.id ?? null, payload)
      notify({ type: 'success', message: t(questionnaire ? 'questionnaires.saved' : 'questionnaires.created') })
      if (!questionnaire) {
        leaving.current = true
        return void navigate({
          to: '/$slug/admin/questionnaires/$questionnaireId',
          params: { slug, questionnaireId: saved.id },
          replace: true,
        })
      }
      const next = draftFromQuestionnaire(saved)
      setDraft(next)
      setBaseline(next)
    } catch (err) {
      // Server validation: the same dotted paths as the contract schema, shown on their fields.
      if (err instanceof ApiError) setServerErrors(err.fieldErrors)
      setFormError(errorText(err))
    } finally {
      setSaving(false)
    }
  }

  const editor = (
    <div className="flex min-w-0 flex-col gap-6">
      <DetailsFields
        draft={draft}
        onChange={(patch) => edit((d) => ({ ...d, ...patch }))}
        errors={errors}
        readOnly={readOnly}
      />
      <QuestionList
        questions={draft.questions}
        onChange={(questions) => edit((d) => ({ ...d, questions }))}
        errors={errors}
        readOnly={readOnly}
      />
    </div>
  )
  const preview = <QuestionnairePreview draft={draft} />

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <UnsavedChangesGuard when={() => dirty && !leaving.current} />
      {growCheck.dialog}
      <Link
        to="/$slug/admin/questionnaires"
        params={{ slug }}
        className="inline-flex min-h-11 w-fit items-center gap-2 rounded-lg pr-3 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" /> {t('questionnaires.backToList')}
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="font-display text-3xl break-words text-ink">
            {questionnaire ? questionnaire.name : t('questionnaires.newTitle')}
          </h1>
          {questionnaire && (
            <span className="flex flex-wrap gap-1.5">
              <OriginBadge q={questionnaire} />
              {questionnaire.hidden && <HiddenBadge />}
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          {questionnaire && <ExportButton questionnaire={questionnaire} />}
          {canManage && (
            <Button onClick={() => void save()} loading={saving} disabled={!online || (!dirty && !!questionnaire)}>
              {questionnaire ? t('common.save') : t('questionnaires.create')}
            </Button>
          )}
        </div>
      </header>
      {!online && canManage && (
        <p className="flex items-start gap-2 rounded-xl bg-primary-light px-4 py-3 text-sm text-ink" role="status">
          <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('questionnaires.offlineReadOnly')}
        </p>
      )}
      {!canManage && (
        <p className="flex items-start gap-2 rounded-xl bg-canvas px-4 py-3 text-sm text-muted" role="status">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('questionnaires.readOnly')}
        </p>
      )}
      {questionnaire?.managedByProvider && canManage && (
        <p className="text-sm text-muted">{t('questionnaires.providerNotice')}</p>
      )}
      {formError && <FormError text={formError} />}
      {wide ? (
        <div className="grid grid-cols-[minmax(0,1fr)_440px] items-start gap-6">
          {editor}
          <div className="sticky top-0">{preview}</div>
        </div>
      ) : (
        <>
          <div role="tablist" aria-label={t('questionnaires.viewLabel')} className="flex gap-2 border-b border-line">
            {(['edit', 'preview'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
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
          {/* Both stay mounted: the preview keeps its answers while switching tabs. */}
          <div role="tabpanel" hidden={tab !== 'edit'}>
            {editor}
          </div>
          <div role="tabpanel" hidden={tab !== 'preview'}>
            {preview}
          </div>
        </>
      )}
    </div>
  )
}

/** The contract's checks (the server runs the same), by dotted field path. */
function clientErrors(draft: Draft): Record<string, string> {
  const parsed = ZCreateQuestionnaire.safeParse(toPayload(draft))
  return parsed.success ? {} : zodFieldErrors(parsed.error)
}
