import { Link } from '@tanstack/react-router'
import { ClipboardList } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Questionnaire } from '../../../contract/questionnaires'
import type { CustomerSync } from './customer-replica'
import { customerQuestionnaires } from './customer-source'

/** The customer's open questionnaires on their landing page (offline: the ones seen before). */
export function OpenQuestionnaires({ slug, sync }: { slug: string; sync: CustomerSync }) {
  const { t } = useTranslation()
  const [list, setList] = useState<Questionnaire[] | null>(null)
  const { db, salonId } = sync
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads per database and once the branch is known, not per render's new `sync`
  useEffect(() => {
    customerQuestionnaires(sync)
      .then(setList)
      .catch(() => setList([]))
  }, [db, salonId])
  if (!list) return null
  return (
    <section className="flex flex-col gap-3" data-testid="open-questionnaires">
      <h2 className="text-lg font-medium text-ink">{t('questionnaire-fill.openTitle')}</h2>
      {list.length === 0 && <p className="text-muted">{t('questionnaire-fill.noneOpen')}</p>}
      {list.map((q) => (
        <Link
          key={q.id}
          to="/$slug/questionnaire/$questionnaireId"
          params={{ slug, questionnaireId: q.id }}
          className="flex min-h-14 items-center gap-3 rounded-xl border-2 border-line bg-white px-5 text-lg text-ink hover:border-primary"
        >
          <ClipboardList aria-hidden className="size-5 text-primary-dark" />
          <span className="flex-1">{q.name}</span>
          <span className="text-base text-primary-dark">{t('questionnaire-fill.open')}</span>
        </Link>
      ))}
    </section>
  )
}
