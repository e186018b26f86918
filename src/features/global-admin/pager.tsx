import { useTranslation } from 'react-i18next'
import { Button } from '../../ui'

/** Previous / next with "page x of y" (or without a count: `hasMore` says whether there is a next). */
export function Pager({
  page,
  pages,
  onPage,
  hasMore = false,
}: {
  page: number
  /** The number of pages; null when unknown (the audit reads one row ahead instead of counting). */
  pages: number | null
  onPage: (page: number) => void
  hasMore?: boolean
}) {
  const { t } = useTranslation()
  const last = pages === null ? !hasMore : page >= pages
  if (page <= 1 && last) return null
  const label = pages === null ? t('global-admin.page', { page }) : t('global-admin.pageOf', { page, pages })
  return (
    <nav className="mt-4 flex items-center justify-between gap-3" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('global-admin.previous')}
      </Button>
      <span className="text-sm text-muted">{label}</span>
      <Button variant="secondary" disabled={last} onClick={() => onPage(page + 1)}>
        {t('global-admin.next')}
      </Button>
    </nav>
  )
}
