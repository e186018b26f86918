/** The part of @20minutes/s3rver (a local S3 server, CommonJS without types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http'
  import type { AddressInfo } from 'node:net'

  type Options = {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    configureBuckets?: { name: string; configs?: string[] }[]
  }
  export default class S3rver {
    constructor(options: Options)
    httpServer: Server
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
