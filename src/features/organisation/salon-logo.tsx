import { type ReactNode, useState } from 'react'
import { cx } from '../../ui/cx'
import { storedFileUrl } from '../auth/stored-image'

type Props = {
  name: string
  logoUrl?: string | null
  /** Classes of the image (its height); the name shows in the surrounding text style. */
  imageClassName?: string
  className?: string
  /** What shows without a logo (default: the name). */
  fallback?: ReactNode
}

/**
 * The salon's logo where the screens used to print a word ("Salon", the company name): the name
 * stays as the image's text for screen readers, and shows again if the image cannot load
 * (offline before it was ever cached, or removed).
 */
export function SalonLogo({ name, logoUrl, imageClassName, className, fallback }: Props) {
  const [failed, setFailed] = useState<string | null>(null)
  if (!logoUrl || failed === logoUrl) return <span className={className}>{fallback ?? name}</span>
  return (
    <img
      src={storedFileUrl(logoUrl)}
      alt={name}
      data-testid="salon-logo"
      onError={() => setFailed(logoUrl)}
      className={cx('block h-auto w-auto max-w-full object-contain', imageClassName, className)}
    />
  )
}
