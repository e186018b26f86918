import { useTranslation } from 'react-i18next'
import { type AdminDiscountCode, DISCOUNT_DURATIONS, ZDiscountCodeCreate } from '../../../../contract/global-billing'
import { API, ApiError } from '../../../api/client'
import { useApiMutation, useApiQuery } from '../../../api/query'
import {
  CheckboxList,
  DateField,
  FieldRefusal,
  FormDrawer,
  notify,
  RadioGroup,
  SelectField,
  TextField,
  useApiErrorMessage,
  useEntityForm,
} from '../../../ui'
import { type DiscountForm, discountForm, discountInput, discountProblems } from './discount-code-form'

const invalidates = [API.globalDiscountCodes.list]

/**
 * A discount code made or edited by a global admin. Once redeemed, what organisations got stays
 * (the server refuses a change of code, discount or duration: DISCOUNT_CODE_TERMS_LOCKED), so
 * those fields are shown, not edited.
 */
export function DiscountCodeDrawer({
  open,
  code,
  onClose,
}: {
  open: boolean
  code: AdminDiscountCode | null
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const errorText = useApiErrorMessage()
  const locale = t('common.locale')
  const plans = useApiQuery(API.globalSubscriptions.allOptions, open ? { as: 'globalAdmin' } : null)
  // Paid courses (issue 24): a code may apply to them too, named by their ids.
  const courses = useApiQuery(API.globalPaidCourses.listCourses, open ? { as: 'globalAdmin' } : null)
  const create = useApiMutation(API.globalDiscountCodes.create, { as: 'globalAdmin', invalidates })
  const update = useApiMutation(API.globalDiscountCodes.update, { as: 'globalAdmin', invalidates })
  const form = useEntityForm({
    schema: ZDiscountCodeCreate,
    initial: () => discountForm(code, locale),
    resetKey: open ? (code?.id ?? 'new') : null,
    toInput: discountInput,
    check: (v) =>
      discountProblems(v, {
        amount: t('global-discount-codes.amountInvalid'),
        percent: t('global-discount-codes.percentInvalid'),
        day: t('global-discount-codes.dayInvalid'),
      }),
    submit: async (body) => {
      try {
        if (code) await update.mutateAsync({ params: { id: code.id }, body })
        else await create.mutateAsync({ body })
      } catch (err) {
        if (err instanceof ApiError && err.code === 'DISCOUNT_CODE_TAKEN')
          throw new FieldRefusal({ code: errorText(err) })
        throw err
      }
      notify({
        type: 'success',
        message: t(code ? 'global-discount-codes.saved' : 'global-discount-codes.created', { code: body.code }),
      })
      onClose()
    },
  })
  const locked = !!code && (code.redemptions > 0 || code.organisations > 0)
  const v = form.values
  const text = (k: keyof DiscountForm) => form.field(k as Exclude<keyof DiscountForm, 'appliesTo' | 'active'>)
  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={code ? t('global-discount-codes.editTitle', { code: code.code }) : t('global-discount-codes.createTitle')}
      formId="global-discount-code-form"
      submitLabel={code ? t('common.save') : t('global-discount-codes.create')}
      className="flex flex-col gap-6"
      notice={locked && { text: t('global-discount-codes.lockedNote'), testId: 'discount-locked-note' }}
      data-testid="discount-code-form"
    >
      <TextField
        label={t('global-discount-codes.code')}
        {...text('code')}
        disabled={locked}
        hint={t('global-discount-codes.codeHint')}
        autoComplete="off"
        autoFocus={!code}
      />
      {!locked && (
        <RadioGroup
          label={t('global-discount-codes.type')}
          name="discount-type"
          options={(['percent', 'fixed'] as const).map((k) => ({
            value: k,
            label: t(`global-discount-codes.types.${k}`),
          }))}
          value={v.type}
          onChange={(k) => form.set('type', k as DiscountForm['type'])}
          error={form.error('type')}
        />
      )}
      <TextField
        label={v.type === 'percent' ? t('global-discount-codes.percent') : t('global-discount-codes.amount')}
        {...text('value')}
        inputMode="decimal"
        disabled={locked}
        hint={v.type === 'percent' ? t('global-discount-codes.percentHint') : t('global-discount-codes.amountHint')}
      />
      <CheckboxList
        label={t('global-discount-codes.appliesTo')}
        // Plans on sale, and any other this code applies to already (so it can be unticked); then
        // the paid courses, by id (the list stays strings: plan codes and course ids).
        options={[
          ...(plans.data ?? [])
            .filter((p) => p.active || v.appliesTo.includes(p.code))
            .sort((a, b) => a.rank - b.rank)
            .map((p) => ({
              value: p.code,
              label: `${i18n.language === 'en' ? p.name.en : p.name.nl}${p.active ? '' : ` (${t('global-discount-codes.inactivePlan')})`}`,
            })),
          ...(courses.data ?? []).map((c) => ({
            value: c.id,
            label: t('global-discount-codes.paidCourse', {
              name: (i18n.language === 'en' && c.titleEn) || c.title,
            }),
          })),
        ]}
        value={v.appliesTo}
        onChange={(codes) => form.set('appliesTo', codes)}
        error={form.error('appliesTo')}
      />
      <p className="-mt-4 text-sm text-muted">{t('global-discount-codes.appliesToHint')}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DateField
          label={t('global-discount-codes.validFrom')}
          value={v.validFrom}
          onChange={(s) => form.set('validFrom', s)}
          error={form.error('validFrom')}
          name="validFrom"
        />
        <DateField
          label={t('global-discount-codes.expiresAt')}
          value={v.expiresAt}
          onChange={(s) => form.set('expiresAt', s)}
          error={form.error('expiresAt')}
          name="expiresAt"
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('global-discount-codes.maxRedemptions')}
          {...text('maxRedemptions')}
          inputMode="numeric"
          placeholder={t('global-discount-codes.noMaximum')}
          hint={t('global-discount-codes.maxRedemptionsHint')}
        />
        <TextField
          label={t('global-discount-codes.maxPerOrganisation')}
          {...text('maxPerOrganisation')}
          inputMode="numeric"
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label={t('global-discount-codes.duration')}
          {...text('duration')}
          disabled={locked}
          options={DISCOUNT_DURATIONS.map((d) => ({ value: d, label: t(`global-discount-codes.durations.${d}`) }))}
        />
        {v.duration === 'repeating' && (
          <TextField
            label={t('global-discount-codes.durationPeriods')}
            {...text('durationPeriods')}
            inputMode="numeric"
            disabled={locked}
          />
        )}
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="size-5 accent-[var(--color-primary-dark)]"
          checked={v.active}
          onChange={(e) => form.set('active', e.target.checked)}
          data-testid="discount-active"
        />
        <span className="font-medium">{t('global-discount-codes.active')}</span>
      </label>
    </FormDrawer>
  )
}
