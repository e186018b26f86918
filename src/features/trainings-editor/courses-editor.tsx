import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { GraduationCap, ListOrdered, Pencil, Plus, Trash2, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TrainingCourse } from '../../../contract/trainings'
import { queryKeyOf, useApiMutation, useApiQuery } from '../../api/query'
import { Badge, Button, ConfirmDialog, EmptyState, formatMoney, notify, PageHeader, useApiErrorMessage } from '../../ui'
import { CourseDrawer } from './course-drawer'
import { EditorAnswer, editorState, OfflineNotice } from './editor-states'
import { moveItem } from './model'
import { canWrite, type EditorScope } from './scope'
import { SortableList } from './sortable-list'

/**
 * The course list of an editor (Blueprint or user manuals): reorder (drag, keyboard, move buttons;
 * the full order is sent at once and shown before the answer), create and change a course in a
 * drawer, delete after a confirm; a course's title opens its modules.
 */
export function CoursesEditor({
  scope,
  title,
  description,
}: {
  scope: EditorScope
  title: string
  description: string
}) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const input = { params: scope.params, as: scope.as }
  const q = useApiQuery(scope.api.listCourses, input)
  const [drawer, setDrawer] = useState<{ open: boolean; course: TrainingCourse | null }>({ open: false, course: null })
  const [removing, setRemoving] = useState<TrainingCourse | null>(null)
  const reorder = useApiMutation(scope.api.reorderCourses, { as: scope.as, invalidates: [scope.api.listCourses] })
  const remove = useApiMutation(scope.api.removeCourse, { as: scope.as, invalidates: [scope.api.listCourses] })
  const queryClient = useQueryClient()
  const key = queryKeyOf(scope.api.listCourses, input)

  const move = async (courses: TrainingCourse[], from: number, to: number) => {
    const next = moveItem(courses, from, to)
    // Shown at once; the server's answer (or the old order, on a refusal) follows.
    queryClient.setQueryData(key, next)
    try {
      queryClient.setQueryData(
        key,
        await reorder.mutateAsync({ params: scope.params, body: { ids: next.map((c) => c.id) } }),
      )
    } catch (err) {
      queryClient.setQueryData(key, courses)
      notify({ type: 'error', message: errorText(err) })
    }
  }
  const confirmRemove = async () => {
    if (!removing) return
    try {
      await remove.mutateAsync({ params: { ...scope.params, id: removing.id } })
      notify({ type: 'success', message: t('blueprint-editor.courseDeleted', { name: removing.title }) })
      setRemoving(null)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    }
  }
  const newCourse = (
    <Button onClick={() => setDrawer({ open: true, course: null })} disabled={!canWrite(scope)}>
      <Plus aria-hidden className="size-4" /> {t('blueprint-editor.newCourse')}
    </Button>
  )

  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader title={title} description={description} actions={canWrite(scope) && newCourse} />
      {scope.upgrade && !scope.inPlan && <div className="mb-4">{scope.upgrade}</div>}
      {!scope.online && <OfflineNotice />}
      <EditorAnswer state={editorState(q, scope.online)} retry={() => void q.refetch()}>
        {(courses) =>
          courses.length === 0 ? (
            <EmptyState
              icon={<GraduationCap aria-hidden className="size-6" />}
              title={t('blueprint-editor.emptyTitle')}
              description={t('blueprint-editor.emptyText')}
              action={canWrite(scope) && newCourse}
            />
          ) : (
            <SortableList
              items={courses}
              keyOf={(c) => c.id}
              nameOf={(c) => c.title}
              label={t('blueprint-editor.courses')}
              reorder={canWrite(scope) && courses.length > 1 && !reorder.isPending}
              onMove={(from, to) => void move(courses, from, to)}
              testId="course-row"
              actions={(c) => (
                <>
                  <Button
                    variant="ghost"
                    aria-label={t('blueprint-editor.editNamed', { name: c.title })}
                    onClick={() => setDrawer({ open: true, course: c })}
                  >
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  {canWrite(scope) && (
                    <Button
                      variant="ghost"
                      aria-label={t('blueprint-editor.deleteNamed', { name: c.title })}
                      onClick={() => setRemoving(c)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  )}
                </>
              )}
            >
              {(c) => (
                <Link
                  to={scope.coursePath(c.id) as never}
                  className="flex min-h-11 flex-col items-start rounded-lg px-2 py-1 text-left hover:bg-primary-lighter"
                >
                  <span className="w-full font-medium break-words text-ink">{c.title}</span>
                  <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
                    {scope.kind === 'paid' && c.priceCents !== null && (
                      <span className="font-medium text-ink" data-testid="course-price">
                        {t('blueprint-editor.priceExVat', { price: formatMoney(c.priceCents, t('common.locale')) })}
                      </span>
                    )}
                    {c.inOrder && (
                      <Badge>
                        <ListOrdered aria-hidden className="size-3" /> {t('blueprint-editor.inOrderBadge')}
                      </Badge>
                    )}
                    {scope.roles && (
                      <span className="inline-flex items-center gap-1">
                        <Users aria-hidden className="size-3" />
                        {c.roleIds.length === 0
                          ? t('blueprint-editor.everyoneShort')
                          : c.roleIds
                              .map((id) => scope.roles?.find((r) => r.id === id)?.name)
                              .filter(Boolean)
                              .join(', ')}
                      </span>
                    )}
                    {scope.bilingual && !c.titleEn && <Badge tone="neutral">{t('blueprint-editor.noEnglish')}</Badge>}
                  </span>
                </Link>
              )}
            </SortableList>
          )
        }
      </EditorAnswer>
      <CourseDrawer
        scope={scope}
        open={drawer.open}
        course={drawer.course}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={!!removing}
        danger
        title={t('blueprint-editor.deleteCourseTitle')}
        message={t('blueprint-editor.deleteCourseText', { name: removing?.title ?? '' })}
        confirmLabel={t('blueprint-editor.delete')}
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}
