import { useId } from 'react'

/** One yes/no choice with its explanation (a course's "in order"); the whole row is the touch target. */
export function Toggle(p: {
  label: string
  hint?: string
  checked: boolean
  onChange: (v: boolean) => void
  disabled?: boolean
}) {
  const id = useId()
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg py-1">
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-primary-dark"
        checked={p.checked}
        disabled={p.disabled}
        aria-describedby={p.hint ? `${id}-hint` : undefined}
        onChange={(e) => p.onChange(e.target.checked)}
      />
      <span className="flex flex-col">
        <span className="text-sm font-medium text-ink">{p.label}</span>
        {p.hint && (
          <span id={`${id}-hint`} className="text-sm text-muted">
            {p.hint}
          </span>
        )}
      </span>
    </label>
  )
}
