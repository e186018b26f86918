import type { ReactNode } from 'react'

/** A titled section of the organisation screen. */
export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `${testId ?? title}-title`
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-line bg-white px-5 py-5 md:px-8"
      data-testid={testId}
    >
      <h2 id={id} className="mb-3 font-display text-xl text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}
