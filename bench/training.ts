import type { TrainingModule } from '../contract/trainings'
import type { BenchContext } from './types'

/** A paragraph of the length a training's text segment has (a few hundred words, some markup). */
const TEXT = `<h2>Waarom dit belangrijk is</h2>${'<p>Een goede huidanalyse begint met luisteren: vraag naar routines, producten en gevoeligheden, en noteer wat je ziet. <strong>Let op</strong> roodheid, droogte en onzuiverheden.</p>'.repeat(8)}<ul><li>Reinigen</li><li>Analyseren</li><li>Adviseren</li></ul>`

/**
 * A training course of `modules` × `perModule` text segments, made through the API as the
 * course editor makes it (a module's body is its segment list). Answers its id and the
 * segments in course order.
 */
export async function createBenchCourse(
  ctx: BenchContext,
  modules: number,
  perModule: number,
): Promise<{ id: string; segmentIds: string[] }> {
  const base = `${ctx.baseUrl}/api/organisations/${ctx.orgId}/trainings/courses`
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...ctx.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const course = await post<{ id: string }>(base, {
    title: `Bench ${modules * perModule} onderdelen`,
    description: 'Een cursus zo groot als een volledige opleiding.',
  })
  const segmentIds: string[] = []
  for (let m = 0; m < modules; m++) {
    const made = await post<TrainingModule>(`${base}/${course.id}/modules`, {
      title: `Module ${m + 1}`,
      segments: Array.from({ length: perModule }, (_, s) => ({
        kind: 'text',
        title: `Les ${m + 1}.${s + 1}`,
        text: TEXT,
      })),
    })
    segmentIds.push(...made.segments.map((s) => s.id))
  }
  return { id: course.id, segmentIds }
}
