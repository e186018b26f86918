import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, CloudOff, Lock } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Questionnaire, ZCreateQuestionnaire } from '../../../contract/questionnaires'
import { Button, EntityFormElement, FormError, notify, useEntityForm } from '../../ui'
import { useGrowRemovalCheck } from '../advice/modules/removed-in-questionnaire'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { DetailsFields } from './details-fields'
import { type EditorTab, EditorTabs } from './editor-tabs'
import { type Draft, draftFromQuestionnaire, emptyDraft, toPayload } from './editor-state'
import { ExportButton } from './export-button'
import { HiddenBadge, OriginBadge } from './questionnaire-list'
import { saveQuestionnaire } from './questionnaire-api'
import { QuestionnairePreview } from './questionnaire-preview'
import { QuestionList } from './question-list'
import { UnsavedChangesGuard } from './unsaved-changes-guard'
import { useWide } from './use-wide'

type Props = { questionnaire: Questionnaire | null; slug: string }
const FORM_ID = 'questionnaire-form'

/**
 * The questionnaire editor with its live preview, on the form engine: the contract's checks run
 * before sending, the server's field messages land on their fields, and a refused save puts the
 * cursor on the first field in error (opening the Edit tab on a tablet). Saving needs the server
 * (online only); offline or for those who may not manage questionnaires (questionnaires.manage)
 * everything shows read-only. The preview sits beside the editor from 1200 px (spec §9 layout
 * threshold), behind a tab on narrower screens.
 */
export function QuestionnaireEditor({ questionnaire, slug }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const canManage = useCan('questionnaires.manage')
  const wide = useWide()
  const [tab, setTab] = useState<EditorTab>('edit')
  const navigate = useNavigate()
  const leaving = useRef(false)
  // Issue 11: a removed question or option that Grow conditions read is named before saving;
  // confirming submits again, this time past the check.
  const growConfirmed = useRef(false)
  const growCheck = useGrowRemovalCheck(replica, () => {
    growConfirmed.current = true
    void form.onSubmit()
  })
  const form = useEntityForm({
    schema: ZCreateQuestionnaire,
    initial: (): Draft => (questionnaire ? draftFromQuestionnaire(questionnaire) : emptyDraft()),
    toInput: toPayload,
    readOnly: !canManage || !online,
    submit: async (payload) => {
      if (!replica) return
      const confirmed = growConfirmed.current
      growConfirmed.current = false
      if (!confirmed && !(await growCheck.check(questionnaire, payload))) return
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
      form.reset(draftFromQuestionnaire(saved))
    },
  })
  const draft = form.values
  const readOnly = form.readOnly

  const editor = (
    <EntityFormElement
      form={form}
      id={FORM_ID}
      className="flex min-w-0 flex-col gap-6"
      showFormError={false}
      lockWhenReadOnly={false}
    >
      <DetailsFields draft={draft} onChange={(patch) => form.patch(patch)} errors={form.messages} readOnly={readOnly} />
      <QuestionList
        questions={draft.questions}
        onChange={(questions) => form.set('questions', questions)}
        errors={form.messages}
        readOnly={readOnly}
      />
    </EntityFormElement>
  )
  const preview = <QuestionnairePreview draft={draft} />

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <UnsavedChangesGuard when={() => form.isDirty && !leaving.current} />
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
            <Button
              type="submit"
              form={FORM_ID}
              loading={form.isBusy}
              disabled={!online || (!form.isDirty && !!questionnaire)}
            >
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
      {form.formError && <FormError text={form.formError} />}
      {wide ? (
        <div className="grid grid-cols-[minmax(0,1fr)_440px] items-start gap-6">
          {editor}
          <div className="sticky top-0">{preview}</div>
        </div>
      ) : (
        <EditorTabs editor={editor} preview={preview} tab={tab} onTab={setTab} />
      )}
    </div>
  )
}
