import type { ReactNode } from 'react'

/** Dutch and English side by side (manuals; stacked on a phone); a training shows only the Dutch field. */
export function TwoLanguages({ bilingual, nl, en }: { bilingual: boolean; nl: ReactNode; en: ReactNode }) {
  if (!bilingual) return <>{nl}</>
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="min-w-0">{nl}</div>
      <div className="min-w-0">{en}</div>
    </div>
  )
}
