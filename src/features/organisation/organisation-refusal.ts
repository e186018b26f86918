import { ApiError } from '../../api/client'
import { FieldRefusal, messageRef } from '../../ui'

/**
 * The server's refusal of an organisation's web address or company name, put on its field; a
 * VALIDATION_FAILED also says on the form that the server refused (its fields say what to fix).
 * Shared by the create page and the settings form, which the same rules refuse.
 */
export function organisationRefusal(err: unknown, showOnForm: (err: unknown) => void): unknown {
  if (err instanceof ApiError && err.code === 'SLUG_TAKEN')
    return new FieldRefusal({ slug: messageRef('slugReserved') })
  if (err instanceof ApiError && err.code === 'COMPANY_NAME_TAKEN')
    return new FieldRefusal({ companyName: messageRef('companyNameTaken') })
  if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') showOnForm(err)
  return err
}
