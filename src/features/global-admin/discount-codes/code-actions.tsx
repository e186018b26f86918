import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminDiscountCode } from '../../../../contract/global-billing'
import { API } from '../../../api/client'
import { useApiMutation } from '../../../api/query'
import { Button, ConfirmDialog, notify, useApiErrorMessage } from '../../../ui'

const invalidates = [API.globalDiscountCodes.list]

/**
 * Deactivating (organisations can no longer use it; discounts already given stay) and deleting,
 * which only a never-used code allows: the server says so otherwise (DISCOUNT_CODE_USED), and
 * that message is shown in the dialog.
 */
export function CodeActions({ code }: { code: AdminDiscountCode }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const [asking, setAsking] = useState<'deactivate' | 'remove' | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const deactivate = useApiMutation(API.globalDiscountCodes.deactivate, { as: 'globalAdmin', invalidates })
  const remove = useApiMutation(API.globalDiscountCodes.remove, { as: 'globalAdmin', invalidates })
  const close = () => {
    setAsking(null)
    setRefusal(null)
  }
  const onError = (err: unknown) => setRefusal(errorText(err))
  const confirm = () => {
    setRefusal(null)
    if (asking === 'deactivate')
      deactivate.mutate(
        { params: { id: code.id } },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('global-discount-codes.deactivated', { code: code.code }) })
            close()
          },
          onError,
        },
      )
    else
      remove.mutate(
        { params: { id: code.id } },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('global-discount-codes.deleted', { code: code.code }) })
            close()
          },
          onError,
        },
      )
  }
  const never = code.redemptions === 0 && code.organisations === 0
  return (
    <>
      {code.active && (
        <Button variant="secondary" onClick={() => setAsking('deactivate')}>
          {t('global-discount-codes.deactivate')}
        </Button>
      )}
      {never && (
        <Button variant="secondary" onClick={() => setAsking('remove')}>
          {t('global-discount-codes.delete')}
        </Button>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === 'remove' ? 'global-discount-codes.deleteTitle' : 'global-discount-codes.deactivateTitle', {
          code: code.code,
        })}
        message={
          <>
            <p>
              {asking === 'remove' ? t('global-discount-codes.deleteText') : t('global-discount-codes.deactivateText')}
            </p>
            {refusal && (
              <p role="alert" className="mt-2 text-[#a23b35]" data-testid="discount-refusal">
                {refusal}
              </p>
            )}
          </>
        }
        confirmLabel={asking === 'remove' ? t('global-discount-codes.delete') : t('global-discount-codes.deactivate')}
        danger
        loading={deactivate.isPending || remove.isPending}
        onCancel={close}
        onConfirm={confirm}
      />
    </>
  )
}
