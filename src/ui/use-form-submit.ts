import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { translateValidation, useApiErrorMessage, zodFieldErrors } from './errors'
import { useFieldErrors } from './use-field-errors'

/**
 * The submit cycle every form shares: validate with the contract schema (field messages in the
 * user's language), then run the action with the parsed values while `busy`, showing a server
 * or network error as the form's error. Nothing is sent when validation fails.
 */
export function useFormSubmit() {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const [errors, setErrors] = useFieldErrors<Record<string, string>>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async <S extends z.ZodType>(
    schema: S,
    values: unknown,
    action: (data: z.output<S>) => Promise<void>,
  ): Promise<void> => {
    setFormError(null)
    const parsed = schema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setBusy(true)
    try {
      await action(parsed.data)
    } catch (err) {
      setFormError(errorText(err))
    } finally {
      setBusy(false)
    }
  }
  const fieldError = (key: string) => (errors[key] ? translateValidation(t, errors[key]) : undefined)
  return { submit, busy, formError, fieldError }
}
