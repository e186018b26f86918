import { type ImgHTMLAttributes, useEffect, useState } from 'react'
import { STORAGE_BASE } from '../../api/client'
import { storageAccessReady } from './storage-access'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** A storage path as the API keeps it (`<org>/images/<uuid>.png`), or a full URL / object URL. */
  path: string
}

/** The URL of a stored file (paths from the API are relative to the storage base). */
export const storedFileUrl = (path: string) =>
  /^(blob:|data:|https?:|\/)/.test(path) ? path : `${STORAGE_BASE}/${path}`

/**
 * An image from the organisation's storage. Its src is set once the storage cookie was asked for
 * (storage-access.ts), so the first images after sign-in do not load before they may.
 */
export function StoredImage({ path, alt, ...rest }: Props) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void storageAccessReady().then(() => live && setSrc(storedFileUrl(path)))
    return () => {
      live = false
    }
  }, [path])
  return src ? <img src={src} alt={alt} {...rest} /> : <span aria-hidden className={rest.className} />
}
