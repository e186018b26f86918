import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cx, PageHeader } from '../../../ui'
import { useOnline } from '../../app/use-online'
import { UpgradePrompt, useHasFeature } from '../../subscription/upgrade-prompt'
import { ConditionsTab } from './conditions-tab'
import { GroupsTab } from './groups-tab'
import { ModulesTab } from './modules-tab'
import { useCanManageGrow, useGrow } from './use-grow'

const TABS = ['modules', 'groups', 'conditions'] as const
type Tab = (typeof TABS)[number]

/**
 * Grow (issue 11): the branch's advice modules, chosen for a customer by their questionnaire
 * answers. Read from the replica (offline too); owners and those who manage advice build
 * modules, groups and conditions here, online.
 */
export function GrowPage() {
  const { t } = useTranslation()
  const data = useGrow()
  const online = useOnline()
  const canManage = useCanManageGrow()
  const inPlan = useHasFeature('grow')
  const [tab, setTab] = useState<Tab>('modules')
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('grow.title')}
        description={
          !inPlan
            ? t('grow.description')
            : !canManage
              ? t('grow.readOnly')
              : !online
                ? t('grow.needsConnection')
                : t('grow.description')
        }
      />
      {/* Issue 22: outside the plan the modules stay readable; adding and changing them is an upgrade away. */}
      {!inPlan && (
        <div className="mb-5">
          <UpgradePrompt feature="grow" />
        </div>
      )}
      {/* The three tabs share the width on a phone (none is pushed off the edge), and wrap their text if need be. */}
      <div role="tablist" aria-label={t('grow.title')} className="mb-5 flex gap-1 border-b border-line">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`grow-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`grow-panel-${k}`}
            onClick={() => setTab(k)}
            className={cx(
              '-mb-px min-h-11 min-w-0 flex-1 border-b-2 px-1.5 text-sm font-medium sm:flex-none sm:px-4',
              tab === k ? 'border-primary-dark text-ink' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {t(`grow.tabs.${k}`)}
            {data && (
              <span className="ml-1.5 text-xs text-muted tabular-nums">
                {k === 'modules' ? data.advices.length : k === 'groups' ? data.groups.length : data.conditions.length}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`grow-panel-${tab}`} aria-labelledby={`grow-tab-${tab}`}>
        {tab === 'modules' && <ModulesTab data={data} onConditions={() => setTab('conditions')} />}
        {tab === 'groups' && <GroupsTab data={data} />}
        {tab === 'conditions' && <ConditionsTab data={data} />}
      </div>
    </div>
  )
}
