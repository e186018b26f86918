import { Archive, ArchiveRestore, Info } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DOCUMENT_KINDS, DOCUMENT_NAME_MAX, type DocumentKind, type DocumentPdf } from '../../../../contract/documents'
import { ZCreateDocument, ZUpdateDocument } from '../../../../contract/documents/requests'
import { ApiError } from '../../../api/client'
import {
  Badge,
  Button,
  Drawer,
  FormError,
  notify,
  RadioGroup,
  Skeleton,
  TextField,
  translateValidation,
  useApiErrorMessage,
  useFieldErrors,
  zodFieldErrors,
} from '../../../ui'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { RichTextEditor } from '../../advice/modules/rich-text-editor'
import { useReplica } from '../../sync/replica-context'
import { createDocument, updateDocument } from './documents-api'
import { PdfField } from './pdf-field'
import type { DocumentRow } from './use-documents'
import { useVersions } from './use-documents'
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
  const canManage = useCan('documents.manage')
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const versions = useVersions(open ? (doc?.id ?? null) : null, doc?.currentVersionId ?? null)
  const current = doc ? versions?.find((v) => v.id === doc.currentVersionId) : undefined
  const [form, setForm] = useState<Form>(EMPTY)
  const [baseline, setBaseline] = useState('')
  const [errors, setErrors] = useFieldErrors<Record<string, string | undefined>>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'save' | 'archive' | null>(null)
  const readOnly = !canManage || !online
  const loaded = !doc || !!current

  // The form is filled when opened, and again when the current version arrives (or changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when opened for this version
  useEffect(() => {
    if (!open) return
    const f: Form = doc
      ? { kind: doc.kind, name: current?.name ?? doc.name, text: current?.text ?? '', pdf: current?.pdf ?? null }
      : EMPTY
    setForm(f)
    setBaseline(JSON.stringify(f))
    setErrors({})
    setFormError(null)
  }, [open, doc?.id, current?.id])

  const dirty = canManage && loaded && JSON.stringify(form) !== baseline
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => {
      const next = { ...e }
      for (const k of Object.keys(patch)) for (const key of Object.keys(next)) if (key.startsWith(k)) delete next[key]
      return next
    })
  }
  const msg = (key: string) => {
    const m = errors[key]
    return m ? translateValidation(t, m) : undefined
  }

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'VALIDATION_FAILED' && Object.keys(err.fieldErrors).length)
      setErrors(err.fieldErrors)
    else setFormError(errorText(err))
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (readOnly || !loaded) return
    setFormError(null)
    const pdfInput = form.pdf ? { path: form.pdf.path, name: form.pdf.name } : null
    const isPdf = (doc?.kind ?? form.kind) === 'pdfDocument'
    const parsed = doc
      ? ZUpdateDocument.safeParse({
          name: form.name,
          ...(isPdf
            ? form.pdf?.path !== current?.pdf?.path && pdfInput
              ? { pdf: pdfInput }
              : {}
            : { text: form.text }),
        })
      : ZCreateDocument.safeParse({
          kind: form.kind || undefined,
          name: form.name,
          ...(isPdf ? { pdf: pdfInput } : { text: form.text }),
        })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setBusy('save')
    try {
      const saved = doc
        ? await updateDocument(doc.id, ZUpdateDocument.parse(parsed.data), replica?.db)
        : await createDocument(ZCreateDocument.parse(parsed.data), replica?.db)
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
    } catch (err) {
      failed(err)
    } finally {
      setBusy(null)
    }
  }

  const toggleArchived = async () => {
    if (!doc || readOnly) return
    setBusy('archive')
    setFormError(null)
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
      failed(err)
    } finally {
      setBusy(null)
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
    <Drawer
      open={open}
      onClose={onClose}
      dirty={dirty}
      title={title}
      footer={(requestClose) =>
        !canManage ? (
          <Button variant="secondary" onClick={requestClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={requestClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              form="document-form"
              loading={busy === 'save'}
              disabled={readOnly || !loaded || busy !== null}
            >
              {!doc ? t('documents-admin.create') : t('documents-admin.saveVersion', { number: next })}
            </Button>
          </>
        )
      }
    >
      <form id="document-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        {readOnly && (
          <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink" data-testid="documents-read-only">
            {canManage ? t('documents-admin.needsConnection') : t('documents-admin.readOnly')}
          </p>
        )}
        {formError && <FormError text={formError} />}
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
              loading={busy === 'archive'}
              disabled={readOnly || busy !== null}
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
      </form>
    </Drawer>
  )
}
