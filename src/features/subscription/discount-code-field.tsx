import { useTranslation } from 'react-i18next'
import { type BoundField, Button, cx, TextField } from '../../ui'

/**
 * The optional discount code of a checkout (a plan or a paid course) with its Apply button: Enter
 * applies too, editing the code drops the applied one, and the hint says when it is applied.
 */
export function DiscountCodeField(p: {
  field: BoundField
  /** The code as typed now. */
  onEdit: (code: string) => void
  onApply: () => void
  applying: boolean
  /** Apply offered (a code typed, a connection). */
  canApply: boolean
  applied: boolean
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <div className={cx('flex items-start gap-3', p.className)}>
      <div className="min-w-0 flex-1">
        <TextField
          label={
            <>
              {t('subscription.checkout.discountCode')}{' '}
              <span className="font-normal text-muted">({t('common.optional')})</span>
            </>
          }
          {...p.field}
          onChange={(e) => p.onEdit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            p.onApply()
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          hint={p.applied ? t('subscription.checkout.discountApplied') : undefined}
        />
      </div>
      <Button
        variant="secondary"
        onClick={p.onApply}
        loading={p.applying}
        disabled={!p.canApply}
        // Level with the field under its label (20 px line and the 6 px gap).
        className="mt-[26px] shrink-0"
      >
        {t('subscription.checkout.apply')}
      </Button>
    </div>
  )
}
