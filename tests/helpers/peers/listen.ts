import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'

/**
 * Starts a peer's HTTP server on a free local port for one test file and closes it after the
 * file's tests, ending the answers it holds back (`hanging`: a peer that does not answer).
 * Resolves to the port.
 */
export async function listenForFile(server: Server, hanging: Set<ServerResponse> = new Set()): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return (server.address() as AddressInfo).port
}
