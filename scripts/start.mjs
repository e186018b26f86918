#!/usr/bin/env node
// `npm start`: the one command for a fresh machine. Installs dependencies when missing, builds
// the PWA when the build is missing or older than the sources, then starts the server on 3030
// with the embedded database (PGlite in ./data) and the demo organisation.
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, statSync, readdirSync } from 'node:fs'
import path from 'node:path'

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing dependencies (npm ci)…')
  // Exactly what package-lock.json pins: a lock that does not install is a defect to fix, not
  // something to paper over with `npm install`.
  run('npm', ['ci', '--no-audit', '--no-fund'])
}

const newest = (dir) => {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
const sources = Math.max(
  newest('src'),
  newest('src-worker'),
  newest('shared'),
  newest('contract'),
  newest('public'),
  statSync('index.html').mtimeMs,
)
if (built < sources) {
  console.log('Building the app (vite build)…')
  run('npx', ['vite', 'build', '--logLevel', 'warn'])
}

const child = spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' })
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s))
child.on('exit', (code) => process.exit(code ?? 0))
