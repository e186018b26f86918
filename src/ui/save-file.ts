/**
 * The file name a download answer gives (`Content-Disposition`: `filename*=UTF-8''…` first, as the
 * server writes names with accents that way, then `filename="…"`), else `fallback`.
 */
export function fileNameOf(headers: Headers, fallback: string): string {
  const disposition = headers.get('content-disposition') ?? ''
  const star = disposition.match(/filename\*=UTF-8''([^;]+)/)
  if (star) return decodeURIComponent(star[1])
  return disposition.match(/filename="([^"]+)"/)?.[1] ?? fallback
}

/**
 * Saves `blob` as a file the way a link with `download` does. Used for what needs the staff token
 * (a plain link could not send it) and for files made on the device (the import report).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Some browsers read the object URL after click() returns: freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
