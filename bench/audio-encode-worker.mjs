// bench/scenarios/audio-encode.ts's worker thread: TypeScript through tsx's API (Node 20's
// workers do not take the parent's `--import tsx`), then the job itself.
import { tsImport } from 'tsx/esm/api'

const job = await tsImport('./audio-encode-job.ts', import.meta.url)
await job.run()
