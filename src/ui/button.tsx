import { LoaderCircle } from 'lucide-react'
import type { ButtonHTMLAttributes } from 'react'
import { cx } from './cx'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  size?: 'md' | 'lg'
  loading?: boolean
}

const VARIANTS = {
  // Solid buttons use the dark shade: white text on the light season colours fails WCAG AA.
  primary: 'bg-primary-dark text-white hover:brightness-110 active:brightness-95 shadow-sm',
  secondary: 'bg-white text-ink border border-line hover:bg-primary-lighter hover:border-primary',
  ghost: 'bg-transparent text-primary-dark hover:bg-primary-light',
  danger: 'bg-[#a23b35] text-white hover:brightness-110 active:brightness-95 shadow-sm',
} as const

/** Touch target at least 44 px tall (DESIGN.md). */
export function Button({
  variant = 'primary',
  size = 'md',
  loading,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition select-none',
        'disabled:cursor-not-allowed disabled:opacity-55',
        size === 'lg' ? 'min-h-14 px-6 text-base' : 'min-h-11 px-4 text-sm',
        VARIANTS[variant],
        className,
      )}
    >
      {loading && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {children}
    </button>
  )
}
