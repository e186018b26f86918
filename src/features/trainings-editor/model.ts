import type { AdviceAudio } from '../../../contract/advice'
import type {
  SegmentKind,
  SegmentPdf,
  TrainingCourse,
  TrainingModule,
  TrainingSegment,
} from '../../../contract/trainings'
import type { TrainingModuleInput } from '../../../contract/trainings/inputs'
import { hundredthsText, parseHundredths } from '../../ui/hundredths'

/*
 * The editors' pure parts (issue 24): what a course or module form holds, the body it sends, and
 * the moves that reorder courses, modules and segments (drag, arrow keys and move buttons all end
 * here).
 */

/** The list with the item at `from` moved to `to` (clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to))
  if (from < 0 || from >= list.length || from === target) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item)
  return next
}

/** The `PUT …/order` body after moving one item: every id once, first to last. */
export const orderAfterMove = (items: readonly { id: string }[], from: number, to: number) => ({
  ids: moveItem(
    items.map((i) => i.id),
    from,
    to,
  ),
})

export type CourseForm = {
  title: string
  titleEn: string
  description: string
  descriptionEn: string
  inOrder: boolean
  roleIds: string[]
  /** Paid courses: the price excluding VAT in euro, as typed ("49,95"). */
  price: string
}

/** `locale`: how the price is written back into its field (the reader's decimal mark). */
export const courseFormOf = (c: TrainingCourse | null, locale = 'nl'): CourseForm => ({
  title: c?.title ?? '',
  titleEn: c?.titleEn ?? '',
  description: c?.description ?? '',
  descriptionEn: c?.descriptionEn ?? '',
  inOrder: c?.inOrder ?? false,
  roleIds: c?.roleIds ?? [],
  price: hundredthsText(c?.priceCents, locale),
})

/** One segment as the module form holds it: `key` keeps its row while it moves (new ones have no id yet). */
export type SegmentForm = {
  key: string
  id?: string
  kind: SegmentKind
  slug: string
  title: string
  titleEn: string
  text: string
  textEn: string
  audio: AdviceAudio | null
  pdf: SegmentPdf | null
  videoUrl: string
  preview: boolean
}

export type ModuleForm = { title: string; titleEn: string; segments: SegmentForm[] }

export const segmentFormOf = (s: TrainingSegment): SegmentForm => ({
  key: s.id,
  id: s.id,
  kind: s.kind,
  slug: s.slug ?? '',
  title: s.title,
  titleEn: s.titleEn ?? '',
  text: s.text,
  textEn: s.textEn ?? '',
  audio: s.audio,
  pdf: s.pdf,
  videoUrl: s.videoUrl ?? '',
  preview: s.preview,
})

export const newSegment = (kind: SegmentKind, key: string): SegmentForm => ({
  key,
  kind,
  slug: '',
  title: '',
  titleEn: '',
  text: '',
  textEn: '',
  audio: null,
  pdf: null,
  videoUrl: '',
  preview: false,
})

export const moduleFormOf = (m: TrainingModule | null): ModuleForm => ({
  title: m?.title ?? '',
  titleEn: m?.titleEn ?? '',
  segments: [...(m?.segments ?? [])].sort((a, b) => a.position - b.position).map(segmentFormOf),
})

/**
 * The module body: each segment sends only its kind's content (a text segment that once had a
 * video address does not keep it), its id when it exists (progress in it survives), and the
 * English texts and keys only where the editor shows them (manuals).
 */
export function moduleInputOf(form: ModuleForm, bilingual: boolean): TrainingModuleInput {
  return {
    title: form.title,
    titleEn: bilingual ? form.titleEn || null : null,
    segments: form.segments.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      kind: s.kind,
      slug: bilingual ? s.slug.trim() || null : null,
      title: s.title,
      titleEn: bilingual ? s.titleEn || null : null,
      text: s.kind === 'text' ? s.text : '',
      textEn: bilingual && s.kind === 'text' ? s.textEn || null : null,
      audio: s.kind === 'audio' ? s.audio : null,
      pdf: s.kind === 'pdf' ? s.pdf : null,
      videoUrl: s.kind === 'video' ? s.videoUrl.trim() || null : null,
      preview: s.preview,
    })),
  }
}

/**
 * The price typed, as exact cents (read from its digits, never through a float: "19,99" is 1999);
 * text that is not an amount stays text, so the schema refuses it on its field.
 */
export function priceCentsOf(text: string): number | string | null {
  const v = parseHundredths(text)
  return v === 'invalid' ? text : v
}

/** The course body: English only for the platform's (bilingual), roles only for trainings, a price for paid courses. */
export const courseInputOf = (form: CourseForm, bilingual: boolean, paid = false) => ({
  title: form.title,
  titleEn: bilingual ? form.titleEn || null : null,
  description: form.description,
  descriptionEn: bilingual ? form.descriptionEn || null : null,
  inOrder: form.inOrder,
  roleIds: bilingual ? [] : form.roleIds,
  ...(paid ? { priceCents: priceCentsOf(form.price) } : {}),
})
