import type { HTMLAttributes } from 'react'
import { cx } from './cx'

export type TruncatedProps = Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> & {
  /** What is shown on one line, and in full on hover and focus. */
  text: string
  as?: 'span' | 'p' | 'li' | 'dt' | 'dd' | 'div'
}

/**
 * One line cut short with an ellipsis that still says itself in full (its title): a name cut short
 * must be readable on hover and focus. The e2e layout check (e2e/fixtures/a11y.ts) fails a screen
 * that cuts text with no title, and tests/structure/truncate.test.ts keeps `truncate` elsewhere
 * from losing its title.
 */
export function Truncated({ text, as: Tag = 'span', className, ...rest }: TruncatedProps) {
  return (
    <Tag {...rest} className={cx('truncate', className)} title={text || undefined}>
      {text}
    </Tag>
  )
}
