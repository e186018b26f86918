import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address() as { port: number }
  await new Promise((r) => s.close(r))
  return port
}

/** Polls `check` until it is true (a condition, never a fixed wait), failing after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms: number, what: string, everyMs = 100) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await Promise.resolve(check()).catch(() => false)) return
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(`timed out waiting for ${what}`)
}

export type Instance = {
  name: string
  port: number
  url: string
  child: ChildProcess
  exited: Promise<number | null>
}

/**
 * The real server (server/main.ts) in its own process, as deployed: PostgreSQL, Redis, the jobs
 * on, behind a proxy (TRUST_PROXY). Its output goes to `logFile` (appended: a restart adds to it).
 */
export function startInstance(o: {
  name: string
  port: number
  databaseUrl: string
  redisUrl: string
  dataDir: string
  logFile: string
}): Instance {
  const out = createWriteStream(o.logFile, { flags: 'a' })
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      REDIS_URL: o.redisUrl,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${o.port}`,
      DATA_DIR: o.dataDir,
      SEED_DEMO: 'false',
      JOBS: 'true',
      TRUST_PROXY: 'true',
      DRAIN_SECONDS: '0',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      // Nothing leaves the machine: VIES on a closed local port answers "unavailable" at once.
      VAT_CHECK_URL: 'http://127.0.0.1:9/vies',
      SMTP_URL: '',
      S3_BUCKET: '',
      METRICS_TOKEN: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(out)
  child.stderr?.pipe(out)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { name: o.name, port: o.port, url: `http://127.0.0.1:${o.port}`, child, exited }
}

/** Resolves once the instance's readiness answers 200 (migrated, database reachable). */
export async function ready(i: Instance, ms = 120_000) {
  await until(
    async () => {
      if (i.child.exitCode !== null) return true
      const r = await fetch(`${i.url}${apiUrl(API.health.check)}`, { signal: AbortSignal.timeout(2000) })
      return r.status === 200
    },
    ms,
    `${i.name} to be ready`,
    200,
  )
  if (i.child.exitCode !== null) throw new Error(`${i.name} exited with ${i.child.exitCode} (see its log)`)
}

/** SIGTERM (DRAIN_SECONDS=0: it stops at once, answering what is in flight), SIGKILL if it hangs. */
export async function stop(i: Instance) {
  if (i.child.exitCode !== null || i.child.signalCode !== null) return
  i.child.kill('SIGTERM')
  const timer = setTimeout(() => i.child.kill('SIGKILL'), 15_000)
  await i.exited
  clearTimeout(timer)
}
