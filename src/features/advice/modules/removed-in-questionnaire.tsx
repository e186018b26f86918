import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdviceUsage } from '../../../../contract/advice/inputs'
import type { Subcondition } from '../../../../contract/conditions/advice'
import type { CreateQuestionnaire, Questionnaire } from '../../../../contract/questionnaires'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import { ConfirmDialog } from '../../../ui'
import { useCan } from '../../auth/use-can'
import type { Replica } from '../../sync/replica-context'

/*
 * Issue 11: "removing a question or option from a questionnaire lists the modules whose
 * conditions use it" (peers silently keep such broken rules). The questionnaire editor asks this
 * before it saves; the Grow screen then marks those conditions as needing repair.
 */

/** One Grow condition that a save would break, with the modules that use it. */
export type BrokenRule = { conditionName: string; what: string; modules: string[] }

type Removed = { questions: Map<string, string>; options: Map<string, Map<string, string>> }

/** The questions and options the new version no longer has (by id, with their names). */
export function removedParts(before: Questionnaire, after: CreateQuestionnaire): Removed {
  const now = new Map((after.questions ?? []).map((q) => [q.id, q]))
  const questions = new Map<string, string>()
  const options = new Map<string, Map<string, string>>()
  for (const q of before.questions) {
    const next = now.get(q.id)
    if (!next) {
      questions.set(q.id, q.name)
      continue
    }
    const kept = new Set((next.options ?? []).map((o) => o.id))
    const gone = q.options.filter((o) => !kept.has(o.id))
    if (gone.length) options.set(q.id, new Map(gone.map((o) => [o.id, `${q.name}: ${o.employeeTitle}`])))
  }
  return { questions, options }
}

/** The usage entries a removal hits. */
export function brokenRules(usage: AdviceUsage, removed: Removed): BrokenRule[] {
  const out: BrokenRule[] = []
  for (const u of usage) {
    const question = removed.questions.get(u.questionId)
    const options = removed.options.get(u.questionId)
    const what =
      question ??
      u.optionIds
        .map((o) => options?.get(o))
        .filter(Boolean)
        .join(', ')
    if (what) out.push({ conditionName: u.conditionName, what, modules: u.modules.map((m) => m.name) })
  }
  return out
}

/** The same usage from the replica (this branch's conditions and modules). */
async function usageFromReplica(replica: Replica, questionnaireId: string): Promise<AdviceUsage> {
  const [conditions, modules] = await Promise.all([replica.db.adviceConditions.toArray(), replica.db.advices.toArray()])
  return conditions.flatMap((c) => {
    const subs = (c.subconditions as Subcondition[]).filter((s) => s.questionnaireId === questionnaireId)
    const users = modules.filter((m) => m.conditionIds.includes(c.id)).map((m) => ({ id: m.id, name: m.name }))
    return subs.map((s) => ({
      conditionId: c.id,
      conditionName: c.name,
      salonId: c.salonId,
      questionId: s.questionId,
      optionIds: [...(typeof s.value === 'string' ? [s.value] : []), ...(s.values ?? [])],
      modules: users,
    }))
  })
}

/**
 * For the questionnaire editor: `check(before, after)` answers true when saving may go ahead now;
 * when the save would break Grow rules it opens a dialog naming them and calls `proceed` on
 * "Save anyway". The usage comes from the server (every branch's conditions); should that fail,
 * from the replica for those who read advice.
 */
export function useGrowRemovalCheck(replica: Replica | null, proceed: () => void) {
  const { t } = useTranslation()
  const mayReadAdvice = useCan('advice.read')
  const [rules, setRules] = useState<BrokenRule[] | null>(null)

  const check = async (before: Questionnaire | null, after: CreateQuestionnaire): Promise<boolean> => {
    if (!before || !replica) return true
    const removed = removedParts(before, after)
    if (removed.questions.size === 0 && removed.options.size === 0) return true
    let usage: AdviceUsage = []
    try {
      usage = await apiCall(API.advice.questionnaireUsage, {
        params: { org: replica.orgId, salon: replica.salonId, id: before.id },
      })
    } catch {
      usage = mayReadAdvice ? await usageFromReplica(replica, before.id) : []
    }
    const hit = brokenRules(usage, removed)
    if (hit.length === 0) return true
    setRules(hit)
    return false
  }

  const dialog = (
    <ConfirmDialog
      open={rules !== null}
      danger
      title={t('grow.removalTitle')}
      message={
        <div className="flex flex-col gap-2" data-testid="grow-removal-warning">
          <p>{t('grow.removalIntro')}</p>
          <ul className="list-disc pl-5">
            {(rules ?? []).map((r) => (
              <li key={`${r.conditionName}-${r.what}`}>
                {t('grow.removalRule', {
                  condition: r.conditionName,
                  what: r.what,
                  modules: r.modules.length ? r.modules.join(', ') : t('grow.removalNoModules'),
                })}
              </li>
            ))}
          </ul>
          <p>{t('grow.removalOutro')}</p>
        </div>
      }
      confirmLabel={t('grow.removalConfirm')}
      onConfirm={() => {
        setRules(null)
        proceed()
      }}
      onCancel={() => setRules(null)}
    />
  )
  return { check, dialog }
}
