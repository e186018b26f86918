import { type ReactNode, useId } from 'react'
import { cx } from './cx'
import type { Option } from './fields'

type GroupProps = { label: ReactNode; error?: string | null; children: ReactNode; id: string }

function Group({ label, error, children, id }: GroupProps) {
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-msg` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
      {error && (
        <p id={`${id}-msg`} role="alert" className="text-sm text-[#a23b35]">
          {error}
        </p>
      )}
    </fieldset>
  )
}

const chip = (checked: boolean) =>
  cx(
    'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border px-3.5 text-sm transition',
    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark',
    checked ? 'border-primary-dark bg-primary-light text-ink' : 'border-line bg-white text-ink hover:border-primary',
  )

export type CheckboxListProps = {
  label: ReactNode
  options: Option[]
  value: string[]
  onChange: (value: string[]) => void
  error?: string | null
}

export function CheckboxList({ label, options, value, onChange, error }: CheckboxListProps) {
  const id = useId()
  return (
    <Group label={label} error={error} id={id}>
      {options.map((o) => {
        const checked = value.includes(o.value)
        return (
          <label key={o.value} className={chip(checked)}>
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary-dark)]"
              checked={checked}
              onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
            />
            {o.label}
          </label>
        )
      })}
    </Group>
  )
}

export type RadioGroupProps = {
  label: ReactNode
  options: Option[]
  value: string
  onChange: (value: string) => void
  error?: string | null
  name?: string
}

export function RadioGroup({ label, options, value, onChange, error, name }: RadioGroupProps) {
  const id = useId()
  return (
    <Group label={label} error={error} id={id}>
      {options.map((o) => (
        <label key={o.value} className={chip(value === o.value)}>
          <input
            type="radio"
            name={name ?? id}
            className="size-4 accent-[var(--color-primary-dark)]"
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </Group>
  )
}
