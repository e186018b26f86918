import { type ReactNode, useId } from 'react'

type Props = { label: ReactNode; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void }

/** A checkbox with its label as a 44 px touch target (DESIGN.md). */
export function Checkbox({ label, hint, checked, onChange }: Props) {
  const id = useId()
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm text-ink">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-[var(--color-primary-dark)]"
          checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 pl-8 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  )
}
