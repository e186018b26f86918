import { createRequire } from 'node:module'
import path from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** pdf.js reads the standard fonts' metrics from its own folder (without it, it warns on every page). */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/** The text of each page of a PDF as pdf.js reads it (what a viewer would show and copy), one line per text run row. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise
  const pages: string[] = []
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent()
    // Runs on one baseline form a row, left to right; rows top-down.
    const rows = new Map<number, { x: number; s: string }[]>()
    for (const item of content.items) {
      if (!('str' in item)) continue
      const y = Math.round(item.transform[5])
      const row = rows.get(y) ?? []
      row.push({ x: item.transform[4], s: item.str })
      rows.set(y, row)
    }
    pages.push(
      [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((r) => r.s)
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim(),
        )
        .join('\n'),
    )
  }
  await pdf.destroy()
  return pages
}
