import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { storageRoot } from '../../server/integrations/storage'
import { copyStore } from '../../server/integrations/storage/copy'
import { createDiskStore } from '../../server/integrations/storage/disk'
import { createS3Store } from '../../server/integrations/storage/s3'
import { tempDataDir } from '../helpers/files'
import { startS3ForFile } from '../helpers/peers/s3'

/* `npm run storage:copy-to-s3` (issue 25): DATA_DIR/storage into the bucket, idempotent. */
const s3 = await startS3ForFile()
const [dirA, dirB, dirC] = ['copy-s3-', 'copy-s3-cli-', 'copy-s3-none-'].map(tempDataDir) as [string, string, string]

/** Runs the command as npm would (tsx) with this environment; never blocks this process, which
 * serves the S3 peer the command talks to. */
const copyCommand = (env: NodeJS.ProcessEnv) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.resolve('scripts/storage-copy-to-s3.ts')],
      { encoding: 'utf8', env, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    )
  })

async function seedDisk(dataDir: string) {
  const disk = createDiskStore(storageRoot(dataDir))
  const org = randomUUID()
  const files = {
    [`${org}/images/${randomUUID()}.png`]: randomBytes(2000),
    [`${org}/pdf/${randomUUID()}.pdf`]: randomBytes(300_000),
    [`${org}/signatures/${randomUUID()}.png`]: randomBytes(10),
    [`${randomUUID()}/logo/${randomUUID()}.jpg`]: randomBytes(77),
  }
  for (const [key, bytes] of Object.entries(files)) await disk.put(key, bytes)
  return { disk, files }
}

describe('copying the disk store to S3', () => {
  it('copies every file once, byte for byte; a second run skips them; a changed or new file is copied again', async () => {
    const { disk, files } = await seedDisk(dirA)
    const bucket = createS3Store({ ...s3, prefix: `copy-${randomUUID()}/` })

    expect(await copyStore({ from: disk, to: bucket })).toMatchObject({ copied: 4, skipped: 0, failed: 0 })
    for (const [key, bytes] of Object.entries(files)) expect((await bucket.read(key))?.equals(bytes)).toBe(true)

    expect(await copyStore({ from: disk, to: bucket })).toMatchObject({ copied: 0, skipped: 4, failed: 0, bytes: 0 })

    const [changed] = Object.keys(files) as [string]
    await disk.put(changed, randomBytes(2000)) // same size, other bytes
    const added = `${randomUUID()}/audio/${randomUUID()}.mp3`
    await disk.put(added, randomBytes(5))
    const outcomes: Record<string, unknown> = {}
    const third = await copyStore({ from: disk, to: bucket, onFile: (k, o) => (outcomes[k] = o) })
    expect(third).toMatchObject({ copied: 2, skipped: 3, failed: 0 })
    expect(outcomes[changed]).toBe('copied')
    expect(outcomes[added]).toBe('copied')
    expect((await bucket.read(changed))?.equals((await disk.read(changed)) as Buffer)).toBe(true)
    await bucket.close()
  })

  it('npm run storage:copy-to-s3 copies DATA_DIR/storage with the S3_* settings and prints the counts', async () => {
    const dataDir = dirB
    const { files } = await seedDisk(dataDir)
    const prefix = `cli-${randomUUID()}/`
    const run = () => copyCommand({ ...process.env, ...s3.env, S3_PREFIX: prefix, DATA_DIR: dataDir })
    const first = await run()
    expect(first.stderr).not.toMatch(/failed:/)
    expect(first.status).toBe(0)
    expect(first.stdout).toMatch(/copied 4 \(.* MB\), skipped 0 \(already in the bucket\), failed 0/)
    const second = await run()
    expect(second.status).toBe(0)
    expect(second.stdout).toMatch(/copied 0 \(0\.0 MB\), skipped 4 \(already in the bucket\), failed 0/)

    const bucket = createS3Store({ ...s3, prefix })
    for (const [key, bytes] of Object.entries(files)) expect((await bucket.read(key))?.equals(bytes)).toBe(true)
    await bucket.close()
  })

  it('without S3 settings, or with half of them, the command stops and says what is missing', async () => {
    const run = (env: Record<string, string>) => copyCommand({ PATH: process.env.PATH ?? '', DATA_DIR: dirC, ...env })
    const none = await run({})
    expect(none.status).toBe(2)
    expect(none.stderr).toMatch(/Set S3_BUCKET/)
    const half = await run({ S3_ENDPOINT: 'http://127.0.0.1:1' })
    expect(half.status).toBe(2)
    expect(half.stderr).toMatch(/S3_ENDPOINT given without S3_BUCKET/)
  })
})
