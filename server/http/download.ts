import type { FastifyReply } from 'fastify'

/** The attachment header: the name in plain ASCII, and filename* (RFC 5987) for clients that prefer it. */
export const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`

/**
 * A file download (`format: 'file'` definitions): never sniffed, never cached (exports and signed
 * PDFs hold customers' data).
 */
export const download = (reply: FastifyReply, file: { type: string; filename: string; body: string | Buffer }) =>
  reply
    .header('content-type', file.type)
    .header('content-disposition', attachment(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body)
