#!/usr/bin/env node
// Draws the app icons (public/icons/*.png) without image tools: a white leaf on the brand's
// winter colour. PNG written by hand with zlib. Run: node scripts/generate-icons.mjs
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BG = [0x6b, 0x65, 0x62] // winter primary, dark shade (white on it passes WCAG AA)
const BG2 = [0xa5, 0x9c, 0x97] // winter primary
const FG = [0xff, 0xff, 0xff]

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type, data) => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y)
      const o = y * (size * 4 + 1) + 1 + x * 4
      raw[o] = r
      raw[o + 1] = g
      raw[o + 2] = b
      raw[o + 3] = a
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// Shapes in unit coordinates (0..1), centre 0.5,0.5.
const inRoundedSquare = (x, y, r) => {
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0)
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0)
  return dx * dx + dy * dy <= r * r
}
/** A leaf: the lens between two circles, tilted 45°, with a thin midrib cut out. */
function inLeaf(x, y, scale) {
  const cx = (x - 0.5) / scale
  const cy = (y - 0.5) / scale
  const c = Math.SQRT1_2
  const u = c * cx + c * cy // along the leaf
  const v = -c * cx + c * cy // across
  const R = 0.6
  const d = 0.42
  const inLens = u * u + (v - d) ** 2 <= R * R && u * u + (v + d) ** 2 <= R * R
  // The midrib bends slightly and thins towards the tip, like a real leaf.
  const bend = 0.06 * (1 - (u / 0.43) ** 2)
  const rib = Math.abs(v - bend) < 0.012 * (1 - u) && u > -0.36 && u < 0.3
  const stem = Math.abs(v) < 0.02 && u <= -0.4 && u > -0.52
  return (inLens && !rib) || stem
}

function icon(size, { maskable }) {
  const ss = 4 // supersampling for smooth edges
  return png(size, (px, py) => {
    let bg = 0
    let fg = 0
    for (let i = 0; i < ss; i++)
      for (let j = 0; j < ss; j++) {
        const x = (px + (i + 0.5) / ss) / size
        const y = (py + (j + 0.5) / ss) / size
        const inside = maskable ? true : inRoundedSquare(x, y, 0.22)
        if (!inside) continue
        bg++
        // Maskable icons keep the motif inside the 80% safe zone.
        if (inLeaf(x, y, maskable ? 0.6 : 0.72)) fg++
      }
    const n = ss * ss
    if (bg === 0) return [0, 0, 0, 0]
    const t = fg / bg
    // A soft diagonal from the dark to the light season shade behind the leaf.
    const g = Math.min(1, Math.max(0, ((px + py) / (2 * size)) * 0.6))
    const base = BG.map((v, k) => Math.round(v + (BG2[k] - v) * g))
    const col = base.map((v, k) => Math.round(v + (FG[k] - v) * t))
    return [...col, Math.round((bg / n) * 255)]
  })
}

writeFileSync('public/icons/icon-192.png', icon(192, { maskable: false }))
writeFileSync('public/icons/icon-512.png', icon(512, { maskable: false }))
writeFileSync('public/icons/icon-maskable-512.png', icon(512, { maskable: true }))
writeFileSync('public/icons/apple-touch-icon.png', icon(180, { maskable: true }))
console.log('icons written to public/icons/')
