import type { ReactNode } from 'react'

/** The kiosk's page: no side navigation, the content scrolls inside (DESIGN.md page root). */
export function KioskFrame({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <div className="h-full overflow-y-auto bg-canvas" data-testid="kiosk">
      {header && (
        <header className="flex min-h-16 items-center justify-between gap-3 border-b border-line bg-white/80 px-4 md:px-8">
          {header}
        </header>
      )}
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6 md:px-8">{children}</main>
    </div>
  )
}
