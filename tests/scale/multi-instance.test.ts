import { randomInt } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { API } from '../../contract/endpoints'
import type { Database } from '../../server/db/client'
import { questionnaireBody, validAnswers } from '../api/questionnaires-fixtures'
import { createTestDatabase } from '../helpers/db'
import { type SeededOrganisation, seedEmployee, seedOrganisation, TEST_PASSWORD } from '../helpers/factories'
import { apiUrl } from '../helpers/url'
import { freePort, type Instance, ready, startInstance, stop, until } from './instances'
import { type Logged, type Balancer, startProxy } from './proxy'
import { forgetRedisKeys, jobTicks, rowsOf, summary, type Tick } from './report'
import { createTablet, type Tablet } from './tablet'

/*
 * Issue 25, "several instances": two real server processes on one PostgreSQL database and one
 * Redis, behind a round-robin proxy, under SCALE_SECONDS (default 60) of a reception's load — 20
 * tablets pushing their outboxes and pulling the changes feed, searching customers, taking
 * questionnaires and uploading photos. Part-way (40 %) the second instance is killed with SIGKILL
 * while pushes are in flight on it, and started again. Then, from the database and the proxy's
 * log: every acknowledged write is stored exactly once and every queued mutation was applied once;
 * no 5xx but the killed instance's requests in flight; rate limits and the session cache hold
 * across instances; the scheduled jobs ticked once.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)
const SECONDS = Number(process.env.SCALE_SECONDS ?? 60)
const TABLETS = 20
const ORGANISATIONS = 4

describe.skipIf(!enabled)('several instances (PostgreSQL + Redis)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salon-scale-'))
  const instances: Instance[] = []
  let database: Database | undefined
  let proxy: Balancer | undefined
  let cleanRedis: (() => Promise<void>) | undefined
  afterAll(async () => {
    await proxy?.close()
    await Promise.all(instances.map(stop))
    await cleanRedis?.()
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('two instances, one killed mid-push: nothing lost or doubled, limits, sessions and jobs shared', async () => {
    database = await createTestDatabase({ migrate: false })
    const db = database.db
    const databaseUrl = database.url as string
    const redisUrl = process.env.REDIS_URL as string
    const [p1, p2] = [await freePort(), await freePort()]
    const launch = (name: string, port: number) =>
      startInstance({ name, port, databaseUrl, redisUrl, dataDir, logFile: path.join(dataDir, `${name}.log`) })

    // Both start at once on the empty database: the migrations take turns (advisory lock).
    instances.push(launch('i1', p1), launch('i2', p2))
    await Promise.all(instances.map((i) => ready(i)))
    proxy = await startProxy([
      { name: 'i1', port: p1 },
      { name: 'i2', port: p2 },
    ])
    await until(() => proxy!.isUp('i1') && proxy!.isUp('i2'), 10_000, 'the proxy to hold both up')

    // Four organisations (no subscription: no plan limits) of two branches, 20 tablets among
    // them, each its own employee. Several organisations, as on the platform: every write of one
    // organisation takes its row lock (versions in commit order), so one organisation's tablets
    // queue behind each other (README "Scaling out").
    const net = `10.${randomInt(256)}.${randomInt(256)}`
    const orgs: (SeededOrganisation & { questionnaireId: string })[] = []
    for (let k = 0; k < ORGANISATIONS; k++) {
      const org = await seedOrganisation({ db }, { salons: 2 })
      const q = await fetch(
        `${proxy.url}${apiUrl(API.questionnaires.create, { org: org.id, salon: org.salons[0].id })}`,
        {
          method: 'POST',
          headers: { ...org.owner.headers, 'content-type': 'application/json', 'x-forwarded-for': `${net}.200` },
          body: JSON.stringify(questionnaireBody()),
        },
      )
      expect(q.status).toBe(201)
      orgs.push({ ...org, questionnaireId: ((await q.json()) as { id: string }).id })
    }
    const org = orgs[0]
    cleanRedis = () =>
      forgetRedisKeys(
        redisUrl,
        db,
        orgs.map((o) => o.id),
        [net, ...orgs.map((o) => o.id)],
      )
    const tablets: Tablet[] = []
    for (let n = 0; n < TABLETS; n++) {
      const o = orgs[n % ORGANISATIONS]
      const salon = o.salons[Math.floor(n / ORGANISATIONS) % 2]
      const staff = await seedEmployee({ db }, { organisationId: o.id, salonIds: [salon.id], roleId: o.ownerRoleId })
      tablets.push(
        createTablet({
          n,
          proxyUrl: proxy.url,
          orgId: o.id,
          salonId: salon.id,
          token: staff.token,
          ip: `${net}.${n + 1}`,
          questionnaireId: o.questionnaireId,
          answers: validAnswers(),
        }),
      )
    }

    // The load, and the kill at 40 %: once a push has been on i2 for a moment (in its transaction).
    const startedAt = Date.now()
    const stopAt = startedAt + SECONDS * 1000
    const giveUpAt = stopAt + 60_000
    const load = Promise.all(tablets.map((t) => t.run(stopAt, giveUpAt)))
    await until(() => Date.now() >= startedAt + SECONDS * 400, SECONDS * 1000, 'the kill time', 50)
    const pushesOnI2 = () =>
      proxy!
        .inFlight()
        .filter((r) => r.upstream === 'i2' && r.url.endsWith('/sync/push') && Date.now() - r.startedAt >= 5)
    await until(() => pushesOnI2().length > 0, 20_000, 'a push in flight on i2', 2)
    const inFlightAtKill = proxy.inFlight().filter((r) => r.upstream === 'i2')
    const killedAt = Date.now()
    instances[1].child.kill('SIGKILL')
    await instances[1].exited
    // Started again at once on the same port: the proxy's health check takes it back when ready.
    instances.push(launch('i2', p2))
    await load
    await until(() => proxy!.isUp('i2'), 90_000, 'the restarted i2 to rejoin')
    // Every tablet's replica catches up (through both instances) before the proofs.
    await Promise.all(tablets.map((t) => t.pullToEnd()))
    const endedAt = Date.now()

    // — Every queued mutation acknowledged, nothing the platform refused. —
    for (const t of tablets) {
      expect(t.stats.problems, t.stats.clientId).toEqual([])
      expect(t.stats.acknowledged.size, t.stats.clientId).toBe(t.stats.queued.size)
    }

    // — Stored exactly once: each database row is a queued one, each queued one stored, one ledger entry each. —
    const ids = async (q: SQL) => (await rowsOf<{ id: string }>(db, q)).map((r) => r.id).sort()
    for (const o of orgs) {
      const ours = tablets.filter((t) => t.setup.orgId === o.id)
      const queued = ours.flatMap((t) => [...t.stats.queued.values()])
      const queuedRows = (kind: string) =>
        queued
          .filter((m) => m.kind === kind)
          .map((m) => m.rowId)
          .sort()
      expect(await ids(sql`select id from customers where organisation_id = ${o.id}`)).toEqual(queuedRows('customer'))
      expect(await ids(sql`select id from questionnaire_submissions where organisation_id = ${o.id}`)).toEqual(
        queuedRows('submission'),
      )
      const ledger = await rowsOf(
        db,
        sql`select status, count(*)::int as n, count(distinct mutation_id)::int as ids from sync_ledger where organisation_id = ${o.id} group by status`,
      )
      expect(ledger).toEqual([{ status: 'applied', n: queued.length, ids: queued.length }])
      const clients = await rowsOf<{ client_id: string; last_seq: number }>(
        db,
        sql`select client_id, last_seq::int from sync_clients where organisation_id = ${o.id}`,
      )
      for (const t of ours)
        expect(clients.find((c) => c.client_id === t.stats.clientId)?.last_seq).toBe(t.stats.queued.size - 1)

      // — Uploads: one file per acknowledged upload, in the storage both instances share. —
      const uploaded = ours.flatMap((t) => [...t.stats.uploads.keys()].map((id) => `${id}.png`)).sort()
      const dir = path.join(dataDir, 'storage', o.id, 'images')
      expect(existsSync(dir) ? readdirSync(dir).sort() : []).toEqual(uploaded)
    }
    expect(tablets.some((t) => t.stats.uploads.size > 0)).toBe(true)

    // — The changes feed lost nothing written through either instance: each replica holds its branch. —
    for (const t of tablets) {
      const sameBranch = tablets.filter((s) => s.setup.salonId === t.setup.salonId)
      const branch = sameBranch.flatMap((s) => [...s.stats.queued.values()].filter((m) => m.kind === 'customer'))
      expect(branch.filter((m) => !t.stats.replica.has(m.rowId))).toEqual([])
    }

    // — Neither live instance died on its own (both starting together once crashed one: pg-boss
    //   set its queues up from both at once and deadlocked). —
    expect(instances[0].child.exitCode, 'i1 exited (see its log)').toBeNull()
    expect(instances[2].child.exitCode, 'the restarted i2 exited (see its log)').toBeNull()

    // — No 5xx but the killed instance's requests in flight (answered 502 by the proxy). —
    const downAt = proxy.events.find((e) => e.upstream === 'i2' && e.what === 'down')?.at ?? Number.NaN
    expect(downAt - killedAt).toBeLessThan(5_000)
    const isKilledInFlight = (r: Logged) =>
      r.byProxy && r.status === 502 && r.upstream === 'i2' && r.startedAt <= downAt
    expect(proxy.log.filter((r) => r.status >= 300 && !isKilledInFlight(r))).toEqual([])
    const lostPushes = proxy.log.filter((r) => isKilledInFlight(r) && r.url.endsWith('/sync/push'))
    expect(lostPushes.length).toBeGreaterThan(0)
    // The restarted instance rejoined and served.
    expect(proxy.log.some((r) => r.upstream === 'i2#1' && r.status < 300)).toBe(true)

    // — Rate limits count across instances: ten wrong passwords, alternating, lock the 11th try. —
    const i1 = instances[0]
    const i2 = instances[2]
    const guarded = await seedEmployee(
      { db },
      { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] },
    )
    const signIn = (i: Instance, password: string, ip = `${net}.250`) =>
      fetch(`${i.url}${apiUrl(API.auth.loginInOrganisation, { org: org.id })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: guarded.email, password }),
      }).then((r) => r.status)
    const wrong: number[] = []
    for (let k = 0; k < 10; k++) wrong.push(await signIn(k % 2 ? i2 : i1, 'Wrong-pass1'))
    expect(wrong).toEqual(Array(10).fill(401))
    // Five per instance: counted per instance, each would still let the right password in.
    expect(await signIn(i1, TEST_PASSWORD)).toBe(429)
    expect(await signIn(i2, TEST_PASSWORD)).toBe(429)
    expect(await signIn(i2, TEST_PASSWORD, `${net}.251`)).toBe(200)

    // — The session cache: a sign-out on i1 is refused by i2 within 2 s, and stays refused. —
    const desk = await seedEmployee({ db }, { organisationId: org.id, salonIds: [org.salons[0].id], permissions: [] })
    const me = (i: Instance) =>
      fetch(`${i.url}${apiUrl(API.employees.me, { org: org.id })}`, {
        headers: { ...desk.headers, 'x-forwarded-for': `${net}.252` },
      }).then((r) => r.status)
    expect(await me(i2)).toBe(200)
    expect(await me(i2)).toBe(200)
    const out = await fetch(`${i1.url}${apiUrl(API.auth.logout)}`, {
      method: 'POST',
      headers: { ...desk.headers, 'x-forwarded-for': `${net}.252` },
    })
    expect(out.status).toBe(200)
    const signedOutAt = Date.now()
    await until(async () => (await me(i2)) === 401, 2_000, 'i2 to refuse the signed-out token', 20)
    const refusedAfterMs = Date.now() - signedOutAt
    for (let k = 0; k < 5; k++) expect(await me(i2)).toBe(401)
    expect(await me(i1)).toBe(401)

    // — Scheduled jobs: one tick per minute across both instances, each run once. —
    // pg-boss's timekeeper looks at the schedules every 30 s on each instance, and one look per
    // 30 s across all of them wins (its `cron_on` stamp); the every-minute job's first tick comes
    // within about a minute of the start.
    await until(
      async () => (await jobTicks(db)).some((j) => j.name === 'impersonation-ends' && j.state === 'completed'),
      60_000,
      'a tick of the every-minute job',
      500,
    )
    const ticks = await jobTicks(db)
    const running = (j: Tick) => j.state === 'active' && j.startedAt !== null && Date.now() - j.startedAt < 10_000
    expect(ticks.filter((j) => j.state !== 'completed' && j.state !== 'created' && !running(j))).toEqual([])
    expect(ticks.filter((j) => j.retryCount > 0)).toEqual([])
    for (const name of new Set(ticks.map((j) => j.name))) {
      const times = ticks.filter((j) => j.name === name).map((j) => j.createdAt)
      // Two timekeepers each sending the same minute would put two of its jobs seconds apart.
      const gaps = times.slice(1).map((t, k) => t - times[k])
      expect(
        gaps.filter((g) => g < 20_000),
        name,
      ).toEqual([])
    }

    console.log(
      summary({ proxy, tablets, startedAt, stopAt, endedAt, killedAt, inFlightAtKill, downAt, refusedAfterMs, ticks }),
    )
  }, 180_000)
})
