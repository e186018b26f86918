import type { Config } from '../../server/config'
import type { RouteOptions } from 'fastify'
import type { z } from 'zod'
import type { App } from '../../server/app'
import { buildTestApp } from '../helpers/app'

export type RouteInfo = { method: string; url: string; schema: RouteOptions['schema'] }

/** The app on a fresh database with every route it registered (methods split, HEAD left out). */
export async function appWithRoutes(overrides: Partial<Config> = {}): Promise<{ app: App; routes: RouteInfo[] }> {
  const routes: RouteInfo[] = []
  const app = await buildTestApp(overrides, {
    onRoute: (r) => {
      for (const method of [r.method].flat())
        if (method !== 'HEAD') routes.push({ method, url: r.url, schema: r.schema })
    },
  })
  return { app, routes }
}

/** `/a/:org/b/:id` → the names of its params. */
export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])

/** The URL with each param set from `values` (others get a valid-looking UUID). */
export const fillUrl = (url: string, values: Record<string, string>) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? '00000000-0000-7000-8000-000000000000'),
  )

/** Top-level keys of a zod object schema (through pipes, optionals and refinements), else []. */
export function schemaKeys(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, z.ZodType>; def?: { in?: unknown; innerType?: unknown } } | undefined
  for (let i = 0; i < 5 && s && !s.shape; i++) s = (s.def?.in ?? s.def?.innerType) as typeof s
  return s?.shape ? Object.keys(s.shape) : []
}
