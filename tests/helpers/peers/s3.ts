import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from '@20minutes/s3rver'
import { afterAll } from 'vitest'
import type { S3Settings } from '../../../server/config'

export const S3_TEST_BUCKET = 'salon-test'

/**
 * A real S3 server for one test file (@20minutes/s3rver, in this process, from devDependencies):
 * a free local port, its objects in a temp folder, stopped and removed after the file's tests.
 * Resolves to the settings a FileStore or the app takes (as S3_BUCKET, S3_ENDPOINT, … would give).
 */
export async function startS3ForFile(): Promise<S3Settings & { env: Record<string, string> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // s3rver signs bucket-level requests (listing, multi-delete) without the trailing '/' the SDK
    // sends and signs in path style (`GET /bucket/?list-type=2`), so those would all fail as
    // SignatureDoesNotMatch. Object requests match exactly; the access key is still checked.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  })
  const { port } = await server.run()
  afterAll(async () => {
    // Idle keep-alive sockets of the SDK would hold close() open until they time out.
    server.httpServer.closeAllConnections()
    await server.close()
    rmSync(directory, { recursive: true, force: true })
  })
  const settings: S3Settings = {
    bucket: S3_TEST_BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
  }
  const env = {
    S3_BUCKET: settings.bucket,
    S3_REGION: settings.region,
    S3_ENDPOINT: settings.endpoint as string,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  }
  return { ...settings, env }
}
