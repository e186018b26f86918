import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { createFileStore } from '../../server/integrations/storage'

/* Issue 25: which store the settings choose, and a clear stop when they are half given. */
describe('storage settings', () => {
  it('no S3 settings: files stay on disk under DATA_DIR/storage, as before', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/salon-data' })
    expect(config.s3).toBeUndefined()
    expect((await createFileStore(config)).kind).toBe('disk')
  })

  it('S3_BUCKET chooses S3, with the region defaulted and path style off unless asked', async () => {
    expect(loadConfig({ S3_BUCKET: 'salon-files' }).s3).toEqual({
      bucket: 'salon-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: '',
    })
    const config = loadConfig({
      S3_BUCKET: 'salon-files',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'prod/',
    })
    expect(config.s3).toMatchObject({ region: 'eu-central-1', forcePathStyle: true, prefix: 'prod/' })
    const store = await createFileStore(config)
    expect(store.kind).toBe('s3')
    await store.close()
  })

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT given without S3_BUCKET/],
    [
      { S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY given without S3_BUCKET/,
    ],
    [{ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' }, /give both or neither/],
    [{ S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 's' }, /give both or neither/],
    [{ S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET is not a bucket name/],
    [{ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
    [{ S3_BUCKET: 'b-1', S3_PREFIX: '../x/' }, /S3_PREFIX must be folder names/],
    [{ S3_BUCKET: 'b-1', S3_PREFIX: 'prod' }, /S3_PREFIX must be folder names/],
  ])('half-given or malformed settings stop the start: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
