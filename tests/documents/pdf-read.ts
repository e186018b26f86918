import { inflateSync } from 'node:zlib'
import { PDFArray, PDFDocument, PDFName, type PDFPage, PDFRawStream, PDFRef } from 'pdf-lib'

/*
 * Reads back what a PDF made with pdf-lib's standard fonts says, page by page: pdf-lib has no text
 * extraction, but the pages it writes are Flate-compressed content streams in which each drawn
 * string is a hex string (WinAnsi bytes) before `Tj`. Enough to check a certificate's words.
 */
function streamsOf(doc: PDFDocument, page: PDFPage): PDFRawStream[] {
  const contents = page.node.get(PDFName.of('Contents'))
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents]
  return refs.flatMap((r) => {
    const s = r instanceof PDFRef ? doc.context.lookup(r) : r
    return s instanceof PDFRawStream ? [s] : []
  })
}

export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) =>
    streamsOf(doc, page)
      .map((s) => {
        const raw = s.getContents()
        const filter = s.dict.get(PDFName.of('Filter'))
        const text = (filter ? inflateSync(raw) : Buffer.from(raw)).toString('latin1')
        return [...text.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)]
          .map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'))
          .join('\n')
      })
      .join('\n'),
  )
}
