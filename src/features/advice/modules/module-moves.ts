/*
 * Moving Grow modules within and between groups (issue 11): the editor's drag, keyboard and
 * move buttons all end here, and the result is one `PUT …/advices/order` body.
 */

/** One group of the editor (id null: the modules without a group), its modules in order. */
export type Section = { id: string | null; moduleIds: string[] }
/** Where a module lands: a section and the index in it (counted without the module itself). */
export type Target = { to: string | null; index: number }

const sectionOf = (sections: Section[], moduleId: string) => sections.findIndex((s) => s.moduleIds.includes(moduleId))

/** The sections after moving `moduleId` to `target` (its own section or another). */
export function moveModule(sections: Section[], moduleId: string, target: Target): Section[] {
  if (sectionOf(sections, moduleId) < 0 || !sections.some((s) => s.id === target.to)) return sections
  return sections.map((s) => {
    const ids = s.moduleIds.filter((id) => id !== moduleId)
    if (s.id !== target.to) return { ...s, moduleIds: ids }
    const at = Math.max(0, Math.min(target.index, ids.length))
    return { ...s, moduleIds: [...ids.slice(0, at), moduleId, ...ids.slice(at)] }
  })
}

/**
 * One step up or down with the keyboard or the move buttons: within the group, and past its
 * first or last module into the neighbouring group (the end of the one above, the start of the
 * one below). Null at the very top or bottom.
 */
export function stepTarget(sections: Section[], moduleId: string, dir: -1 | 1): Target | null {
  const si = sectionOf(sections, moduleId)
  if (si < 0) return null
  const own = sections[si]
  const i = own.moduleIds.indexOf(moduleId)
  const next = i + dir
  if (next >= 0 && next < own.moduleIds.length) return { to: own.id, index: next }
  const neighbour = sections[si + dir]
  if (!neighbour) return null
  return { to: neighbour.id, index: dir < 0 ? neighbour.moduleIds.length : 0 }
}

/** The `PUT …/order` body: the whole order, and the module's new group when it changed groups. */
export function orderBody(before: Section[], after: Section[], moduleId: string) {
  const ids = after.flatMap((s) => s.moduleIds)
  const from = before[sectionOf(before, moduleId)]?.id
  const to = after[sectionOf(after, moduleId)]?.id
  if (from === undefined || to === undefined || from === to) return { ids }
  return { ids, groups: { [moduleId]: to } }
}
