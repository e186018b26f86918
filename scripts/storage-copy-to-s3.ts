/**
 * Copies the uploaded files on this machine's disk (DATA_DIR/storage) into the S3 bucket of the
 * S3_* settings (issue 25), under the same keys, so the server can switch to S3 with nothing lost:
 *   S3_BUCKET=… [S3_ENDPOINT=… S3_REGION=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=…] npm run storage:copy-to-s3
 * Idempotent: files already in the bucket with the same bytes are skipped, so it can run again
 * after an interruption, or once more right after switching over (uploads made meanwhile).
 * Prints each failure and the counts; exits 1 when any file failed, 2 without S3 settings.
 */
import { existsSync } from 'node:fs'
import { loadConfig } from '../server/config'
import { copyStore } from '../server/integrations/storage/copy'
import { createDiskStore } from '../server/integrations/storage/disk'
import { storageRoot } from '../server/integrations/storage'
import { createS3Store } from '../server/integrations/storage/s3'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (e) {
  console.error((e as Error).message)
  process.exit(2)
}
if (!config.s3) {
  console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials as the server takes them) to copy into.')
  process.exit(2)
}
const root = storageRoot(config.dataDir)
if (!existsSync(root)) console.log(`No files to copy: ${root} does not exist.`)
const to = createS3Store(config.s3)
const where = `s3://${config.s3.bucket}/${config.s3.prefix}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
console.log(`Copying ${root} to ${where}`)
const counts = await copyStore({
  from: createDiskStore(root),
  to,
  onFile: (key, outcome) => {
    if (typeof outcome === 'object') console.error(`failed: ${key}: ${outcome.failed}`)
  },
})
await to.close()
const mb = (counts.bytes / 1024 / 1024).toFixed(1)
console.log(
  `copied ${counts.copied} (${mb} MB), skipped ${counts.skipped} (already in the bucket), failed ${counts.failed}`,
)
process.exit(counts.failed > 0 ? 1 : 0)
