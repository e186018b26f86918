import { Archive, ArchiveRestore, Info } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DOCUMENT_KINDS, DOCUMENT_NAME_MAX, type DocumentKind, type DocumentPdf } from '../../../../contract/documents'
import { ZCreateDocument, ZUpdateDocument } from '../../../../contract/documents/requests'
import {
  Badge,
  Button,
  FormDrawer,
  notify,
  RadioGroup,
  Skeleton,
  serverFieldErrors,
  TextField,
  useApiErrorMessage,
  useEntityForm,
} from '../../../ui'
import { useOnline } from '../../app/use-online'
import { RichTextEditor } from '../../advice/modules/rich-text-editor'
import { useReplica } from '../../sync/replica-context'
import { createDocument, updateDocument } from './documents-api'
import { PdfField } from './pdf-field'
import type { DocumentRow } from './use-documents'
import { useCanManageDocuments, useVersions } from './use-documents'
import { VersionHistory } from './version-history'

type Form = { kind: DocumentKind | ''; name: string; text: string; pdf: DocumentPdf | null }
const EMPTY: Form = { kind: '', name: '', text: '', pdf: null }

/**
 * Create a document or consent form, or change one (issue 12). A change of the form name, text
 * or PDF is saved as a new version (the drawer says so, and what it means for customers who
 * accepted an older consent form); the history below lists every version, read-only. The kind is
 * chosen once. Online only, for those who manage documents; otherwise it shows the document and
 * says why it cannot be changed.
 */
export function DocumentDrawer(props: {
  open: boolean
  onClose: () => void
  document: DocumentRow | null
  onSaved: () => void
}) {
  const { open, onClose, document: doc } = props
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCanManageDocuments()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const versions = useVersions(open ? (doc?.id ?? null) : null, doc?.currentVersionId ?? null)
  const current = doc ? versions?.find((v) => v.id === doc.currentVersionId) : undefined
  // Archiving is the drawer's other action, beside saving the form.
  const [archiving, setArchiving] = useState(false)
  const readOnly = !canManage || !online
  const loaded = !doc || !!current

  const isPdfOf = (form: Form) => (doc?.kind ?? form.kind) === 'pdfDocument'
  // The form is filled when opened, and again when the current version arrives (or changes).
  const engine = useEntityForm({
    schema: doc ? ZUpdateDocument : ZCreateDocument,
    initial: doc
      ? { kind: doc.kind, name: current?.name ?? doc.name, text: current?.text ?? '', pdf: current?.pdf ?? null }
      : EMPTY,
    resetKey: open ? `${doc?.id ?? 'new'}:${current?.id ?? ''}` : null,
    readOnly: !canManage,
    toInput: (form: Form) => {
      const pdfInput = form.pdf ? { path: form.pdf.path, name: form.pdf.name } : null
      return doc
        ? {
            name: form.name,
            ...(isPdfOf(form)
              ? form.pdf?.path !== current?.pdf?.path && pdfInput
                ? { pdf: pdfInput }
                : {}
              : { text: form.text }),
          }
        : {
            kind: form.kind || undefined,
            name: form.name,
            ...(isPdfOf(form) ? { pdf: pdfInput } : { text: form.text }),
          }
    },
    submit: async (data) => {
      if (readOnly || !loaded) return
      const saved = doc
        ? await updateDocument(doc.id, ZUpdateDocument.parse(data), replica?.db)
        : await createDocument(ZCreateDocument.parse(data), replica?.db)
      const isNewVersion = doc && saved.currentVersionNumber !== doc.currentVersionNumber
      notify({
        type: 'success',
        message: !doc
          ? t('documents-admin.created', { name: saved.name })
          : isNewVersion
            ? t('documents-admin.savedAsVersion', { name: saved.name, number: saved.currentVersionNumber })
            : t('documents-admin.nothingChanged'),
      })
      props.onSaved()
      onClose()
    },
  })
  const form = engine.values
  const set = engine.patch
  const msg = engine.error

  const toggleArchived = async () => {
    if (!doc || readOnly) return
    setArchiving(true)
    engine.setFormError(null)
    try {
      const saved = await updateDocument(doc.id, { name: doc.name, archived: !doc.archived }, replica?.db)
      notify({
        type: 'success',
        message: t(saved.archived ? 'documents-admin.archivedDone' : 'documents-admin.restoredDone', {
          name: saved.name,
        }),
      })
      props.onSaved()
      onClose()
    } catch (err) {
      const fields = serverFieldErrors(err)
      if (fields) engine.setErrors(fields)
      else engine.setFormError(errorText(err))
    } finally {
      setArchiving(false)
    }
  }

  const kind = doc?.kind ?? (form.kind || null)
  const next = (doc?.currentVersionNumber ?? 0) + 1
  const title = !doc
    ? t('documents-admin.newDocument')
    : readOnly
      ? t('documents-admin.viewDocument')
      : t('documents-admin.editDocument')

  return (
    <FormDrawer
      form={engine}
      open={open}
      onClose={onClose}
      title={title}
      formId="document-form"
      className="flex flex-col gap-6"
      submitLabel={!doc ? t('documents-admin.create') : t('documents-admin.saveVersion', { number: next })}
      submitDisabled={readOnly || !loaded || archiving || engine.isBusy}
      notice={
        readOnly && {
          text: canManage ? t('documents-admin.needsConnection') : t('documents-admin.readOnly'),
          testId: 'documents-read-only',
        }
      }
    >
      {doc ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <Badge tone={doc.kind === 'consentForm' ? 'primary' : 'neutral'}>
            {t(`documents-admin.kinds.${doc.kind}`)}
          </Badge>
          <span>{t('documents-admin.versionN', { number: doc.currentVersionNumber })}</span>
          {doc.archived && <Badge tone="warning">{t('documents-admin.archived')}</Badge>}
        </p>
      ) : (
        <RadioGroup
          label={t('documents-admin.kind')}
          name="kind"
          value={form.kind}
          onChange={(v) => !readOnly && set({ kind: v as DocumentKind })}
          options={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`documents-admin.kinds.${k}`) }))}
          error={msg('kind')}
        />
      )}
      {doc && !readOnly && (
        <p
          className="flex items-start gap-2 rounded-lg border border-[#ecd6a4] bg-[#fbf1dc] px-4 py-3 text-sm text-[#5e3f07]"
          data-testid="new-version-notice"
        >
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {doc.kind === 'consentForm'
              ? t('documents-admin.consentNewVersion', { number: next })
              : t('documents-admin.newVersion', { number: next })}
          </span>
        </p>
      )}
      {!loaded ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <>
          <TextField
            label={t('documents-admin.name')}
            name="name"
            value={form.name}
            maxLength={DOCUMENT_NAME_MAX}
            disabled={readOnly}
            autoFocus={!readOnly && !doc}
            onChange={(e) => set({ name: e.target.value })}
            error={msg('name')}
          />
          {kind === 'pdfDocument' ? (
            <PdfField
              value={form.pdf}
              onChange={(pdf) => set({ pdf })}
              disabled={readOnly}
              error={msg('pdf') ?? msg('pdf.path')}
            />
          ) : kind ? (
            <RichTextEditor
              label={t('documents-admin.text')}
              value={form.text}
              disabled={readOnly}
              onChange={(text) => set({ text })}
              error={msg('text')}
            />
          ) : (
            <p className="text-sm text-muted">{t('documents-admin.chooseKindFirst')}</p>
          )}
        </>
      )}
      {doc && doc.kind !== 'consentForm' && canManage && (
        <div className="flex flex-col items-start gap-2 rounded-xl border border-line bg-canvas p-4">
          <p className="text-sm text-ink">
            {doc.archived ? t('documents-admin.archivedExplained') : t('documents-admin.archiveExplained')}
          </p>
          <Button
            variant="secondary"
            loading={archiving}
            disabled={readOnly || archiving || engine.isBusy}
            onClick={() => void toggleArchived()}
          >
            {doc.archived ? (
              <ArchiveRestore aria-hidden className="size-4" />
            ) : (
              <Archive aria-hidden className="size-4" />
            )}
            {doc.archived ? t('documents-admin.restore') : t('documents-admin.archive')}
          </Button>
        </div>
      )}
      {doc && doc.kind === 'consentForm' && canManage && (
        <p className="text-xs text-muted">{t('documents-admin.consentNeverDeleted')}</p>
      )}
      {doc && <VersionHistory versions={versions} currentVersionId={doc.currentVersionId} />}
    </FormDrawer>
  )
}
