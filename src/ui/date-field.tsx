import type { InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { autoDashDateText } from '../../contract/dates'
import { TextField, type TextFieldProps } from './fields'

type DateTextProps = { value: string; onChange: (text: string) => void }

/**
 * The attributes every date input of the app shares (questionnaire date questions, date of
 * birth, display-logic values): dd-mm-yyyy typed as text, one hint, and a number pad whose
 * missing "-" is made up for by putting the dashes in as digits are typed (contract/dates).
 * The text is never changed or dropped otherwise: checking it is contract/validation's
 * dateTextError, shown by the form that holds it.
 */
export function useDateInputProps({ value, onChange }: DateTextProps): InputHTMLAttributes<HTMLInputElement> {
  const { t } = useTranslation()
  return {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    placeholder: t('dates.hint'),
    value,
    onChange: (e) => onChange(autoDashDateText(value, e.target.value)),
  }
}

/** A bare date input (the filling screen's large fields bring their own look). */
export function DateInput({
  value,
  onChange,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & DateTextProps) {
  return <input {...rest} {...useDateInputProps({ value, onChange })} />
}

/** A labelled date field (forms): the hint below it is the format. */
export function DateField({ value, onChange, ...rest }: Omit<TextFieldProps, 'value' | 'onChange'> & DateTextProps) {
  const { t } = useTranslation()
  return <TextField hint={t('dates.hint')} {...rest} {...useDateInputProps({ value, onChange })} />
}
