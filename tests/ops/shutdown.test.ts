import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address() as { port: number }
  await new Promise((r) => s.close(r))
  return port
}

/** Polls `check` until it is true (a condition, never a fixed wait), failing after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const status = (base: string, url: string) =>
  fetch(`${base}${url}`).then(
    (r) => r.status,
    () => 0,
  )

/**
 * Issue 25: the real server process (server/main.ts on PGlite) shut down with SIGTERM while a
 * request is half sent: readiness turns 503 at once (liveness stays 200) for DRAIN_SECONDS, then
 * the listener closes while the request in flight is still answered, and the process ends with 0.
 */
describe('SIGTERM: a clean shutdown', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salon-shutdown-'))
  let child: ChildProcess | undefined
  afterAll(() => {
    child?.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('drains: readiness 503, the request in flight answered, exit 0', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        JOBS: 'false',
        DRAIN_SECONDS: '2',
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
    await until(async () => (await status(base, apiUrl(API.health.check))) === 200, 120_000, 'the server to start')

    // A sign-in whose body is half sent: the server has read its headers (100 Continue).
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'Wrong-password-1' })
    const req = http.request(`${base}${apiUrl(API.auth.login)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    })
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
    })
    await new Promise<void>((resolve) => req.once('continue', resolve))
    req.write(body.slice(0, 10))

    child.kill('SIGTERM')
    await until(async () => (await status(base, apiUrl(API.health.check))) === 503, 10_000, 'readiness to say 503')
    expect(await status(base, apiUrl(API.health.checkNoDb))).toBe(200)
    const readiness = await fetch(`${base}${apiUrl(API.health.check)}`)
    expect(await readiness.json()).toMatchObject({ code: 'SHUTTING_DOWN' })

    // After DRAIN_SECONDS the listener closes (new connections refused) but the process waits
    // for the request in flight…
    await until(async () => (await status(base, apiUrl(API.health.checkNoDb))) === 0, 20_000, 'the listener to close')
    expect(child.exitCode).toBeNull()
    req.end(body.slice(10))
    // … which gets the real answer to a wrong password, not a reset connection; then it exits.
    expect(await answered).toBe(401)
    expect(await exited).toBe(0)
  }, 180_000)
})
