// Minimal typing of the parts of autocannon the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; body?: string; headers?: Record<string, string> }
  type Options = {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    requests?: (Request & { setupRequest?: (req: Request) => Request })[]
  }
  type Result = { requests: { average: number; total: number }; non2xx: number; errors: number; timeouts: number }
  type Instance = Promise<Result> & {
    on(event: 'response', cb: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void
  }
  function autocannon(opts: Options): Instance
  export default autocannon
}
