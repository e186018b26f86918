import { Navigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Shortcut } from '../../../contract/questionnaires'
import { api } from '../../api/client'
import { FormError, Skeleton } from '../../ui'
import { setShortcutTarget } from './shortcut-target'

/** `/shortcut?code=` and `/new-questionnaire?code=`: the short code of a sent questionnaire → code sign-in → the questionnaire. */
export function ShortcutPage({ code }: { code: string }) {
  const { t } = useTranslation()
  const [state, setState] = useState<Shortcut | 'error' | null>(null)
  useEffect(() => {
    api<Shortcut>('/shortcuts', { query: { code } })
      .then((s) => {
        setShortcutTarget({ slug: s.slug, questionnaireId: s.questionnaireId, email: s.email })
        setState(s)
      })
      .catch(() => setState('error'))
  }, [code])
  if (state === null) return <Skeleton className="m-8 h-40" />
  if (state === 'error')
    return (
      <div className="mx-auto max-w-xl p-8">
        <FormError text={t('questionnaire-fill.notAvailable')} />
      </div>
    )
  return <Navigate to="/$slug" params={{ slug: state.slug }} replace />
}
