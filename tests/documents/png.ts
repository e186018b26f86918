import { crc32, deflateSync } from 'node:zlib'

/*
 * A real PNG built by hand (signature, 8-bit RGBA, one filter byte per row): what a drawn
 * signature's export is, without a canvas. A dark stroke on a transparent background.
 */
export function signaturePng(width = 120, height = 48): Buffer {
  const row = width * 4 + 1
  const raw = Buffer.alloc(row * height)
  for (let x = 4; x < width - 4; x++) {
    // A wave, a few pixels thick: visibly a "signature" when rendered.
    const y0 = Math.round(height / 2 + Math.sin(x / 8) * (height / 4))
    for (let y = Math.max(0, y0 - 1); y <= Math.min(height - 1, y0 + 1); y++) {
      const at = y * row + 1 + x * 4
      raw[at] = 20
      raw[at + 1] = 30
      raw[at + 2] = 90
      raw[at + 3] = 255
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
