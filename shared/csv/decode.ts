/*
 * Bytes of an uploaded CSV → text. Salons bring files from everywhere: Excel's "CSV UTF-8" (with a
 * byte-order mark), plain UTF-8, and Windows-1252 from older Dutch software (é, ë as one byte
 * each). UTF-8 is strict (a Windows-1252 "é" alone is never valid UTF-8), so the file is UTF-8
 * when a fatal decoder accepts its bytes, Windows-1252 otherwise.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252'

const BOM = [0xef, 0xbb, 0xbf]

export const hasUtf8Bom = (bytes: Uint8Array) => bytes.length >= 3 && BOM.every((b, i) => bytes[i] === b)

/** Checks `sample` (the start of the file, or all of it); a sample cut inside a character is fine. */
export function detectEncoding(sample: Uint8Array): CsvEncoding {
  if (hasUtf8Bom(sample)) return 'utf-8'
  try {
    // stream: true lets a multi-byte character cut at the end of the sample pass.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true })
    return 'utf-8'
  } catch {
    return 'windows-1252'
  }
}

/**
 * A streaming decoder: feed byte slices in order, get text; characters split across slices are
 * joined (TextDecoder's stream mode), and a leading BOM is dropped (ignoreBOM: false).
 */
export function textDecoderFor(encoding: CsvEncoding) {
  const d = new TextDecoder(encoding, { ignoreBOM: false })
  return {
    push: (bytes: Uint8Array) => d.decode(bytes, { stream: true }),
    end: () => d.decode(),
  }
}

/** Whole buffer → text (tests, small files). */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const encoding = detectEncoding(bytes)
  const d = textDecoderFor(encoding)
  return { text: d.push(bytes) + d.end(), encoding }
}

/** Reads bytes [start, end) of the file (File.slice().arrayBuffer() in the browser). */
export type SliceReader = (start: number, end: number) => Promise<Uint8Array>

/**
 * A whole file → text, slice by slice (1 MB), so progress can be shown and no second copy of the
 * bytes is held. The encoding is decided per slice: UTF-8 as long as every slice is valid UTF-8
 * (fatal decoder, characters split across slices joined), and on the first slice that is not,
 * the file is read again from the start as Windows-1252 — an old Dutch export is ASCII for pages
 * and then has one "é" in a street name.
 */
export async function decodeFile(
  read: SliceReader,
  size: number,
  opts: { sliceSize?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ text: string; encoding: CsvEncoding }> {
  const step = opts.sliceSize ?? 1024 * 1024
  const pass = async (encoding: CsvEncoding): Promise<string | null> => {
    const d = new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: false })
    const parts: string[] = []
    for (let at = 0; at < size; at += step) {
      const bytes = await read(at, Math.min(size, at + step))
      try {
        parts.push(d.decode(bytes, { stream: true }))
      } catch {
        return null
      }
      opts.onProgress?.(Math.min(size, at + step), size)
    }
    try {
      parts.push(d.decode())
    } catch {
      return null
    }
    return parts.join('')
  }
  const utf = await pass('utf-8')
  if (utf !== null) return { text: utf, encoding: 'utf-8' }
  return { text: (await pass('windows-1252')) ?? '', encoding: 'windows-1252' }
}
