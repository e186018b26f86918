import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, ChartColumn, Layers, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TrainingCourseFull, TrainingModule } from '../../../contract/trainings'
import { queryKeyOf, useApiMutation, useApiQuery } from '../../api/query'
import { Badge, Button, ConfirmDialog, EmptyState, notify, PageHeader, useApiErrorMessage } from '../../ui'
import { CourseDrawer } from './course-drawer'
import { EditorAnswer, editorState, OfflineNotice } from './editor-states'
import { moveItem } from './model'
import { ModuleDrawer } from './module-drawer'
import { canWrite, type EditorScope } from './scope'
import { SEGMENT_ICON } from './segment-fields'
import { SortableList } from './sortable-list'

/**
 * One course in an editor: its details (edited in the course drawer) and its modules — reorder
 * (drag, keyboard, move buttons; the full order at once), create and change a module with its
 * segments in the module drawer, delete after a confirm.
 */
export function CourseEditor({ scope, courseId }: { scope: EditorScope; courseId: string }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const queryClient = useQueryClient()
  const input = { params: { ...scope.params, id: courseId }, as: scope.as }
  const q = useApiQuery(scope.api.getCourse, input)
  const key = queryKeyOf(scope.api.getCourse, input)
  const [editCourse, setEditCourse] = useState(false)
  const [drawer, setDrawer] = useState<{ open: boolean; module: TrainingModule | null }>({ open: false, module: null })
  const [removing, setRemoving] = useState<TrainingModule | null>(null)
  const reorder = useApiMutation(scope.api.reorderModules, { as: scope.as, invalidates: [scope.api.getCourse] })
  const remove = useApiMutation(scope.api.removeModule, { as: scope.as, invalidates: [scope.api.getCourse] })

  const move = async (course: TrainingCourseFull, from: number, to: number) => {
    const modules = moveItem(course.modules, from, to)
    queryClient.setQueryData(key, { ...course, modules })
    try {
      const saved = await reorder.mutateAsync({ params: input.params, body: { ids: modules.map((m) => m.id) } })
      queryClient.setQueryData(key, { ...course, modules: saved })
    } catch (err) {
      queryClient.setQueryData(key, course)
      notify({ type: 'error', message: errorText(err) })
    }
  }
  const confirmRemove = async () => {
    if (!removing) return
    try {
      await remove.mutateAsync({ params: { ...input.params, moduleId: removing.id } })
      notify({ type: 'success', message: t('blueprint-editor.moduleDeleted', { name: removing.title }) })
      setRemoving(null)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    }
  }
  const newModule = (
    <Button onClick={() => setDrawer({ open: true, module: null })} disabled={!canWrite(scope)}>
      <Plus aria-hidden className="size-4" /> {t('blueprint-editor.newModule')}
    </Button>
  )

  return (
    <div className="mx-auto w-full max-w-4xl">
      <Link
        to={scope.listPath as never}
        className="mb-3 inline-flex min-h-11 items-center gap-2 rounded-lg text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" /> {t('blueprint-editor.backToCourses')}
      </Link>
      {scope.upgrade && !scope.inPlan && <div className="mb-4">{scope.upgrade}</div>}
      {!scope.online && <OfflineNotice />}
      <EditorAnswer state={editorState(q, scope.online)} retry={() => void q.refetch()}>
        {(course) => (
          <>
            <PageHeader
              title={course.title}
              description={course.description || undefined}
              actions={
                <>
                  {scope.progressPath && (
                    <Link
                      to={scope.progressPath(course.id) as never}
                      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink transition hover:border-primary hover:bg-primary-lighter"
                      data-testid="course-progress-link"
                    >
                      <ChartColumn aria-hidden className="size-4" /> {t('blueprint-editor.progress.link')}
                    </Link>
                  )}
                  <Button variant="secondary" onClick={() => setEditCourse(true)}>
                    <Pencil aria-hidden className="size-4" /> {t('blueprint-editor.editCourse')}
                  </Button>
                  {course.modules.length > 0 && canWrite(scope) && newModule}
                </>
              }
            />
            {course.modules.length === 0 ? (
              <EmptyState
                icon={<Layers aria-hidden className="size-6" />}
                title={t('blueprint-editor.noModulesTitle')}
                description={t('blueprint-editor.noModulesText')}
                action={canWrite(scope) && newModule}
              />
            ) : (
              <SortableList
                items={course.modules}
                keyOf={(m) => m.id}
                nameOf={(m) => m.title}
                label={t('blueprint-editor.modules')}
                reorder={canWrite(scope) && course.modules.length > 1 && !reorder.isPending}
                onMove={(from, to) => void move(course, from, to)}
                testId="module-row"
                actions={(m) =>
                  canWrite(scope) && (
                    <Button
                      variant="ghost"
                      aria-label={t('blueprint-editor.deleteNamed', { name: m.title })}
                      onClick={() => setRemoving(m)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  )
                }
              >
                {(m) => (
                  <button
                    type="button"
                    onClick={() => setDrawer({ open: true, module: m })}
                    className="flex min-h-11 w-full flex-col items-start rounded-lg px-2 py-1 text-left hover:bg-primary-lighter"
                  >
                    <span className="w-full font-medium break-words text-ink">{m.title}</span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                      {t('blueprint-editor.segmentCount', { count: m.segments.length })}
                      {scope.kind === 'paid' && m.segments.some((s) => s.preview) && (
                        <Badge tone="neutral">{t('paid-courses-editor.previewBadge')}</Badge>
                      )}
                      {m.segments.map((s) => {
                        const Icon = SEGMENT_ICON[s.kind]
                        return <Icon key={s.id} aria-hidden className="size-3.5" />
                      })}
                    </span>
                  </button>
                )}
              </SortableList>
            )}
            <CourseDrawer scope={scope} open={editCourse} course={course} onClose={() => setEditCourse(false)} />
          </>
        )}
      </EditorAnswer>
      <ModuleDrawer
        scope={scope}
        courseId={courseId}
        open={drawer.open}
        module={drawer.module}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={!!removing}
        danger
        title={t('blueprint-editor.deleteModuleTitle')}
        message={t('blueprint-editor.deleteModuleText', { name: removing?.title ?? '' })}
        confirmLabel={t('blueprint-editor.delete')}
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}
