import { randomUUID } from 'node:crypto'

/**
 * A multipart/form-data body as a browser sends it: plain fields first, then one file part named
 * `file`. The tests' one way to build an upload (images, logo), with the matching content-type.
 */
export function multipartForm(
  file: { bytes: Buffer; filename: string; mime: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----test${randomUUID()}`
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.mime}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
