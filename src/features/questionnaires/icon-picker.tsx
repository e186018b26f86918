import { Smile, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { iconUrl } from '../auth/stored-image'
import { Button, cx, Modal, Skeleton, useApiErrorMessage } from '../../ui'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'

/** A question's icon, chosen from the icon catalogue served under image storage. */
export function IconPicker({
  value,
  onChange,
  readOnly,
}: {
  value: string | null
  onChange: (icon: string | null) => void
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-ink">{t('questionnaires.icon')}</span>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl border border-line bg-canvas">
          {value ? (
            <img src={iconUrl(value)} alt={value} data-testid="chosen-icon" className="size-8" />
          ) : (
            <Smile aria-hidden className="size-5 text-muted/60" />
          )}
        </span>
        {!readOnly && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {t(value ? 'questionnaires.changeIcon' : 'questionnaires.chooseIcon')}
          </Button>
        )}
        {value && !readOnly && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            <X aria-hidden className="size-4" /> {t('questionnaires.removeIcon')}
          </Button>
        )}
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title={t('questionnaires.chooseIcon')} width={640}>
        {open && (
          <Catalogue
            value={value}
            onPick={(icon) => {
              onChange(icon)
              setOpen(false)
            }}
          />
        )}
      </Modal>
    </div>
  )
}

function Catalogue({ value, onPick }: { value: string | null; onPick: (icon: string) => void }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  // The catalogue does not change while the app runs: asked once, kept for the session.
  const q = useApiQuery(API.uploads.imageCategories, {}, { staleTime: Number.POSITIVE_INFINITY, retry: false })
  const state = { categories: q.data, error: q.isError && !q.isFetching ? errorText(q.error) : undefined }
  if (state.error) return <p className="text-sm text-[#a23b35]">{state.error}</p>
  if (!state.categories) return <Skeleton className="h-48 w-full" />
  return (
    <div className="flex max-h-[60vh] flex-col gap-5 overflow-y-auto">
      {state.categories.map((c) => (
        <section key={c.id} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-muted capitalize">{c.id}</h3>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(56px,1fr))] gap-2">
            {c.icons.map((icon) => {
              const label = icon.name.split('/').pop()?.replaceAll('-', ' ') ?? icon.name
              return (
                <li key={icon.name}>
                  <button
                    type="button"
                    title={label}
                    aria-label={label}
                    aria-pressed={value === icon.name}
                    onClick={() => onPick(icon.name)}
                    className={cx(
                      'flex size-14 items-center justify-center rounded-xl border hover:border-primary-dark',
                      value === icon.name ? 'border-primary-dark bg-primary-light' : 'border-line bg-white',
                    )}
                  >
                    <img src={icon.url} alt="" className="size-8" />
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
      {state.categories.length === 0 && <p className="text-sm text-muted">{t('questionnaires.noIcons')}</p>}
    </div>
  )
}
