import { z } from 'zod'

/** Optional text: trimmed, and empty is null (not re-exported: a helper of these schemas). */
export const zNullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))
