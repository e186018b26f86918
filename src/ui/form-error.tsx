import { ErrorText } from './upgrade-link'

/** A form-level error (server or network), announced to screen readers. */
export function FormError({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg border border-[#eec5c1] bg-[#f8e7e5] px-4 py-3 text-sm text-[#8f302b]">
      <ErrorText text={text} />
    </p>
  )
}
