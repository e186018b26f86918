import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { type AdminSubscriptionOption, ZSubscriptionOptionCreate } from '../../../../contract/global-billing'
import { LIMITED_RESOURCES, PLAN_FEATURES, type PlanFeature } from '../../../../contract/subscriptions'
import { API, ApiError } from '../../../api/client'
import { useApiMutation } from '../../../api/query'
import {
  CheckboxList,
  FieldRefusal,
  FormDrawer,
  notify,
  TextField,
  useApiErrorMessage,
  useEntityForm,
} from '../../../ui'
import { planField, planForm, planInput, planProblems } from './plan-form'

const invalidates = [API.globalSubscriptions.allOptions]
/** An edit checks everything but the code, which is not sent (a code made before today's rule stays valid). */
const ZEditPlan = ZSubscriptionOptionCreate.extend({ code: z.string() })

/**
 * A plan made or edited by a global admin. The code is chosen once (code relies on it); a price
 * change is charged from each organisation's next period (the server keeps what was paid).
 */
export function PlanDrawer({
  open,
  plan,
  nextRank,
  onClose,
}: {
  open: boolean
  plan: AdminSubscriptionOption | null
  nextRank: number
  onClose: () => void
}) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const locale = t('common.locale')
  const create = useApiMutation(API.globalSubscriptions.createOption, { as: 'globalAdmin', invalidates })
  const update = useApiMutation(API.globalSubscriptions.updateOption, { as: 'globalAdmin', invalidates })
  const form = useEntityForm({
    schema: plan ? ZEditPlan : ZSubscriptionOptionCreate,
    initial: () => planForm(plan, locale, nextRank),
    resetKey: open ? (plan?.id ?? 'new') : null,
    toInput: planInput,
    fieldOf: planField,
    check: (v) => planProblems(v, t('global-plans.priceInvalid')),
    submit: async ({ code, ...fields }) => {
      try {
        if (plan) await update.mutateAsync({ params: { id: plan.id }, body: fields })
        else await create.mutateAsync({ body: { code, ...fields } })
      } catch (err) {
        if (err instanceof ApiError && err.code === 'SUBSCRIPTION_OPTION_CODE_TAKEN')
          throw new FieldRefusal({ code: errorText(err) })
        throw err
      }
      notify({ type: 'success', message: t(plan ? 'global-plans.saved' : 'global-plans.created', { code }) })
      onClose()
    },
  })
  const text = (k: 'nameNl' | 'nameEn' | 'monthly' | 'yearly' | 'rank' | (typeof LIMITED_RESOURCES)[number]) =>
    form.field(k)
  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={plan ? t('global-plans.editTitle', { code: plan.code }) : t('global-plans.createTitle')}
      formId="global-plan-form"
      submitLabel={plan ? t('common.save') : t('global-plans.create')}
      className="flex flex-col gap-6"
      data-testid="plan-form"
    >
      <TextField
        label={t('global-plans.code')}
        {...form.field('code')}
        disabled={!!plan}
        hint={plan ? t('global-plans.codeFixed') : t('global-plans.codeHint')}
        autoComplete="off"
        autoFocus={!plan}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={t('global-plans.nameNl')} {...text('nameNl')} lang="nl" />
        <TextField label={t('global-plans.nameEn')} {...text('nameEn')} lang="en" />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-medium text-ink">{t('global-plans.prices')}</legend>
        <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink" data-testid="plan-price-note">
          {t('global-plans.priceNote')}
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('global-plans.monthly')}
            {...text('monthly')}
            inputMode="decimal"
            hint={t('global-plans.euroHint')}
          />
          <TextField
            label={t('global-plans.yearly')}
            {...text('yearly')}
            inputMode="decimal"
            hint={t('global-plans.euroHint')}
          />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-medium text-ink">{t('global-plans.limits')}</legend>
        <p className="text-sm text-muted">{t('global-plans.limitsHint')}</p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {LIMITED_RESOURCES.map((r) => (
            <TextField
              key={r}
              label={t(`subscription.usage.${r}`)}
              {...text(r)}
              inputMode="numeric"
              placeholder={t('global-plans.noLimit')}
            />
          ))}
        </div>
      </fieldset>
      <CheckboxList
        label={t('global-plans.features')}
        options={PLAN_FEATURES.map((f) => ({ value: f, label: t(`subscription.features.${f}`) }))}
        value={form.values.features}
        onChange={(v) => form.set('features', v as PlanFeature[])}
        error={form.error('features')}
      />
      <TextField
        label={t('global-plans.rank')}
        {...text('rank')}
        inputMode="numeric"
        hint={t('global-plans.rankHint')}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="size-5 accent-[var(--color-primary-dark)]"
          checked={form.values.active}
          onChange={(e) => form.set('active', e.target.checked)}
          data-testid="plan-active"
        />
        <span>
          <span className="font-medium">{t('global-plans.active')}</span>
          <span className="block text-muted">{t('global-plans.activeHint')}</span>
        </span>
      </label>
    </FormDrawer>
  )
}
