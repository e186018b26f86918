import { ChevronDown } from 'lucide-react'
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { cx } from './cx'

type FieldShellProps = { id: string; label: ReactNode; error?: string | null; hint?: ReactNode; children: ReactNode }

/** Label above, hint or error below; the error is announced and linked with aria-describedby. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-msg`} role="alert" className="text-sm text-[#a23b35]">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-msg`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export const inputClass = (hasError: boolean) =>
  cx(
    'w-full min-h-11 rounded-lg border bg-white px-3.5 text-base text-ink placeholder:text-muted/70 transition',
    'focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-primary/50',
    'disabled:bg-canvas disabled:text-muted',
    hasError ? 'border-[#a23b35] focus:border-[#a23b35]' : 'border-line focus:border-primary-dark',
  )

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
}

export function TextField({ label, error, hint, id, className, ...rest }: TextFieldProps) {
  const auto = useId()
  const fid = id ?? auto
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint}>
      <input
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${fid}-msg` : undefined}
        className={cx(inputClass(!!error), className)}
        {...rest}
      />
    </FieldShell>
  )
}

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
}

export function TextArea({ label, error, hint, id, className, rows = 4, ...rest }: TextAreaProps) {
  const auto = useId()
  const fid = id ?? auto
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint}>
      <textarea
        id={fid}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${fid}-msg` : undefined}
        className={cx(inputClass(!!error), 'py-2.5', className)}
        {...rest}
      />
    </FieldShell>
  )
}

export type Option = { value: string; label: string }

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  options: Option[]
}

export function SelectField({ label, error, hint, options, id, className, ...rest }: SelectFieldProps) {
  const auto = useId()
  const fid = id ?? auto
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint}>
      <div className="relative">
        <select
          id={fid}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${fid}-msg` : undefined}
          className={cx(inputClass(!!error), 'appearance-none pr-10', className)}
          {...rest}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </FieldShell>
  )
}
