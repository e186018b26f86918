import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Underline } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '../../../ui'

/*
 * A small rich text editor for a Grow module's text (issue 11): a contentEditable area with the
 * formatting the server keeps (bold, italic, underline, two heading levels, lists, links). The
 * HTML it makes is sanitised on the server (server/services/advice/sanitize.ts), so what is
 * pasted from elsewhere (styles, scripts, images) never reaches a customer.
 */

type Props = {
  label: string
  value: string
  onChange: (html: string) => void
  disabled?: boolean
  error?: string
}

const tool =
  'inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-primary-lighter focus-visible:ring-2 focus-visible:ring-primary-dark disabled:opacity-40'

export function RichTextEditor({ label, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const id = useId()
  // Written into the element only when it differs (typing must not move the caret).
  useEffect(() => {
    const el = ref.current
    if (el && el.innerHTML !== value) el.innerHTML = value
  }, [value])

  const emit = () => onChange(ref.current?.innerHTML ?? '')
  const exec = (command: string, arg?: string) => {
    ref.current?.focus()
    document.execCommand(command, false, arg)
    emit()
  }
  const link = () => {
    const url = globalThis.prompt(t('grow.linkPrompt'), 'https://')
    if (!url) return
    if (!/^(https?:\/\/|mailto:)/i.test(url.trim())) return
    exec('createLink', url.trim())
  }
  const button = (label: string, icon: ReactNode, run: () => void) => (
    <button
      type="button"
      className={tool}
      aria-label={label}
      title={label}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {icon}
    </button>
  )
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      <div className={cx('rounded-lg border bg-white', error ? 'border-[#d9837b]' : 'border-line')}>
        {!disabled && (
          <div
            role="toolbar"
            aria-label={t('grow.formatting')}
            className="flex flex-wrap gap-0.5 border-b border-line p-1"
          >
            {button(t('grow.bold'), <Bold aria-hidden className="size-4" />, () => exec('bold'))}
            {button(t('grow.italic'), <Italic aria-hidden className="size-4" />, () => exec('italic'))}
            {button(t('grow.underline'), <Underline aria-hidden className="size-4" />, () => exec('underline'))}
            {button(t('grow.heading2'), <Heading2 aria-hidden className="size-4" />, () => exec('formatBlock', 'h2'))}
            {button(t('grow.heading3'), <Heading3 aria-hidden className="size-4" />, () => exec('formatBlock', 'h3'))}
            {button(t('grow.bulletList'), <List aria-hidden className="size-4" />, () => exec('insertUnorderedList'))}
            {button(t('grow.numberedList'), <ListOrdered aria-hidden className="size-4" />, () =>
              exec('insertOrderedList'),
            )}
            {button(t('grow.link'), <Link2 aria-hidden className="size-4" />, link)}
          </div>
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: a rich text area has no native element */}
        <div
          ref={ref}
          id={id}
          role="textbox"
          tabIndex={disabled ? -1 : 0}
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={!!error}
          contentEditable={!disabled}
          suppressContentEditableWarning
          data-testid="rich-text"
          onInput={emit}
          onBlur={emit}
          className="rich-text min-h-40 px-3.5 py-3 text-ink outline-none [&_a]:text-primary-dark [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-[#a23b35]">
          {error}
        </p>
      )}
    </div>
  )
}
