import { type ImgHTMLAttributes, useEffect, useState } from 'react'
import { STORAGE_BASE } from '../../api/request'
import { storageAccessReady } from './storage-access'

/** The URL of a stored file (paths from the API are relative to the storage base). */
export const storedFileUrl = (path: string) =>
  /^(blob:|data:|https?:|\/)/.test(path) ? path : `${STORAGE_BASE}/${path}`

/** A question icon from the catalogue shipped with the app (public, no cookie needed). */
export const iconUrl = (name: string) => `${STORAGE_BASE}/icons/${name}.svg`

/**
 * The URL of a stored file once the storage cookie was asked for (storage-access.ts), so the
 * first images after sign-in do not load before they may; null until then or without a path.
 */
export function useStoredFileUrl(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!path) return setUrl(null)
    let live = true
    void storageAccessReady().then(() => live && setUrl(storedFileUrl(path)))
    return () => {
      live = false
    }
  }, [path])
  return path ? url : null
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** A storage path as the API keeps it (`<org>/images/<uuid>.png`), or a full URL. */
  path: string
}

/** An image from the organisation's storage (see useStoredFileUrl). */
export function StoredImage({ path, alt, ...rest }: Props) {
  const src = useStoredFileUrl(path)
  return src ? <img src={src} alt={alt} {...rest} /> : <span aria-hidden className={rest.className} />
}
