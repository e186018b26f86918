import { API } from '../../../contract/endpoints'
import type { App } from '../../../server/app'
import { apiUrl } from '../../helpers/url'

/* Shared pieces of the trainings and user manual tests (issue 24). */

export type Headers = Record<string, string>

/** One request; `payload` as JSON when given. */
export const request =
  (app: App) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

/** The field problems of a 400 as [path, code]. */
export const fields = (res: { json: () => { details?: { fields?: { path: string; code: string }[] } } }) =>
  res.json().details?.fields?.map((f) => [f.path, f.code])

export const courseBody = (over: Record<string, unknown> = {}) => ({
  title: 'Kleuren',
  description: 'Alles over kleuren',
  ...over,
})

export const textSegment = (over: Record<string, unknown> = {}) => ({
  kind: 'text',
  title: 'Inleiding',
  text: '<p>Welkom <strong>bij</strong> de training</p>',
  ...over,
})

export const moduleBody = (over: Record<string, unknown> = {}) => ({
  title: 'Basis',
  segments: [textSegment()],
  ...over,
})

/** Paths of the organisation's trainings. */
export const T = {
  courses: (org: string) => apiUrl(API.trainings.listCourses, { org }),
  course: (org: string, id: string) => apiUrl(API.trainings.getCourse, { org, id }),
  courseOrder: (org: string) => apiUrl(API.trainings.reorderCourses, { org }),
  modules: (org: string, id: string) => apiUrl(API.trainings.listModules, { org, id }),
  module: (org: string, id: string, moduleId: string) => apiUrl(API.trainings.getModule, { org, id, moduleId }),
  moduleOrder: (org: string, id: string) => apiUrl(API.trainings.reorderModules, { org, id }),
  segment: (org: string, id: string, segmentId: string) => apiUrl(API.trainings.getSegment, { org, id, segmentId }),
  progress: (org: string) => apiUrl(API.trainings.progress, { org }),
}

/** Paths of the user manuals. */
export const M = {
  courses: () => apiUrl(API.userManuals.listCourses),
  course: (id: string) => apiUrl(API.userManuals.getCourse, { id }),
  courseOrder: () => apiUrl(API.userManuals.reorderCourses),
  modules: (id: string) => apiUrl(API.userManuals.listModules, { id }),
  module: (id: string, moduleId: string) => apiUrl(API.userManuals.getModule, { id, moduleId }),
  moduleOrder: (id: string) => apiUrl(API.userManuals.reorderModules, { id }),
}
