/** Longest side of a stored photo: plenty for a skin photo, well under the server's 5 MB limit. */
const MAX_SIDE = 2048

/**
 * Scales a camera photo down to at most MAX_SIDE pixels as JPEG before it is stored: phone
 * cameras make files larger than the upload limit, and the Blob waits on the device until sent.
 * Anything the browser cannot decode is kept as it is (the server then decides about it).
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return file
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
  if (scale === 1 && file.size < 1_500_000) {
    bitmap.close()
    return file
  }
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale))
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })
}
