import { asc, eq, isNull } from 'drizzle-orm'
import { strToU8, zipSync } from 'fflate'
import { formatCustomValue } from '../../../contract/custom-fields'
import type { CustomField } from '../../../contract/custom-fields'
import { type Answer, answerText, type Question } from '../../../contract/questionnaires'
import { authorize, authorizeInAny, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { auditEvents, customerActivities, customerComments, salons, skinAnalyses } from '../../db/schema'
import type { FileStore } from '../../integrations/storage'
import { tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { loadVisibleCustomer } from './access'
import { liveCustomFields, organisationLanguage } from './export-csv'
import { customerSubmissions, photoPaths, skinPhotoPaths } from './related'
import { toSkinAnalysis } from '../customer-card/skin-analysis'
import { toCustomer } from './serialize'
import { when } from '../submissions/export'
import { CUSTOMER_WORDS } from './field-labels'

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const T = {
  nl: {
    title: 'Alle gegevens van',
    intro:
      'Dit archief bevat alles wat de salon over u bewaart: uw gegevens, ingevulde vragenlijsten met antwoorden, foto’s, notities van medewerkers en activiteit. De bestanden met .json zijn dezelfde gegevens in een vorm die computers lezen.',
    fields: 'Gegevens',
    custom: 'Extra velden',
    submissions: 'Vragenlijsten',
    photos: 'Foto’s',
    comments: 'Opmerkingen',
    activity: 'Activiteit',
    none: 'Geen.',
    by: 'door',
  },
  en: {
    title: 'Everything stored about',
    intro:
      'This archive holds everything the salon keeps about you: your details, questionnaires you filled in with their answers, photos, notes by staff and activity. The .json files hold the same data in a form computers read.',
    fields: 'Details',
    custom: 'Extra fields',
    submissions: 'Questionnaires',
    photos: 'Photos',
    comments: 'Comments',
    activity: 'Activity',
    none: 'None.',
    by: 'by',
  },
}

/** The summary's fields, in this order (names from field-labels.ts). */
const SUMMARY_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'phoneNumber',
  'alternatePhoneNumber',
  'address',
  'city',
  'zipCode',
  'notes',
  'language',
  'customerSince',
] as const

/**
 * GET /customers/{id}/export: everything stored about one customer (GDPR right of access) as a
 * ZIP a person can open: `overzicht.html` / `summary.html` (readable, in the organisation's
 * language), `customer.json` (every field, custom values with their names), `submissions.json`
 * (questions as text with their answers), `photos/` (the stored image answers), `comments.json`,
 * `activity.json` (the customer's activity and what staff did about them). Audited as
 * customersSearch (the spec's event for reading customers) with `export: 'gdpr'`.
 */
export async function exportCustomerGdpr(opts: { db: DbOrTx; caller: TenantCaller; storage: FileStore; id: string }) {
  const { db, caller, id } = opts
  // No export right anywhere is a 403; a customer the caller cannot see a 404 (never leaked).
  authorize(caller, 'customers.export')
  const row = await loadVisibleCustomer(db, caller, id)
  authorizeInAny(caller, 'customers.export', row.salonIds)
  const customer = toCustomer(row)
  const lang = await organisationLanguage(db, caller.organisationId)
  const t = T[lang]
  const fields = (await liveCustomFields(db, caller)) as unknown as CustomField[]
  const branchNames = new Map(
    (await db.select({ id: salons.id, name: salons.name }).from(salons).where(tenant(salons, caller))).map((s) => [
      s.id,
      s.name,
    ]),
  )
  const { submissions, questionnaires } = await customerSubmissions(db, caller, id)
  const comments = await db
    .select()
    .from(customerComments)
    .where(tenant(customerComments, caller, eq(customerComments.customerId, id)))
    .orderBy(asc(customerComments.createdAt))
  const activities = await db
    .select()
    .from(customerActivities)
    .where(tenant(customerActivities, caller, eq(customerActivities.customerId, id)))
    .orderBy(asc(customerActivities.createdAt))
  const staffActions = await db
    .select({ event: auditEvents.event, createdAt: auditEvents.createdAt, actorKind: auditEvents.actorKind })
    .from(auditEvents)
    .where(tenant(auditEvents, caller, eq(auditEvents.customerId, id)))
    .orderBy(asc(auditEvents.createdAt))

  const files: Record<string, Uint8Array> = {}
  // Photos: stored image answers, named by submission and position so the summary can link them.
  const photoNames = new Map<string, string>()
  for (const [i, p] of photoPaths(caller.organisationId, submissions, questionnaires).entries()) {
    const bytes = await opts.storage.read(p)
    if (!bytes) continue
    const name = `photos/${String(i + 1).padStart(3, '0')}-${p.split('/').pop()}`
    files[name] = new Uint8Array(bytes)
    photoNames.set(p, name)
  }

  const subs = submissions
    .filter((s) => !s.deletedAt)
    .map((s) => {
      const q = questionnaires.get(s.questionnaireId)
      const questions = ((q?.questions ?? []) as Question[]).filter((x) => x.type !== 'information')
      const values = new Map((s.answers as Answer[]).map((a) => [a.questionId, a.value]))
      return {
        id: s.id,
        questionnaire: q?.name ?? null,
        submittedAt: s.submittedAt.toISOString(),
        takenBy: s.takenBy,
        employeeName: s.employeeName,
        answers: questions.map((x) => {
          const v = values.get(x.id)
          const photos =
            x.type === 'image' ? (Array.isArray(v) ? v : [v]).flatMap((p) => photoNames.get(String(p)) ?? []) : []
          return {
            question: x.name,
            answer: x.type === 'image' ? photos.join(', ') : answerText(x, v, 'employee'),
            ...(photos.length ? { photos } : {}),
          }
        }),
      }
    })
  const commentRows = comments
    .filter((c) => !c.deletedAt)
    .map((c) => ({
      author: c.authorName,
      text: c.text,
      createdAt: c.createdAt.toISOString(),
      editedAt: c.editedAt?.toISOString() ?? null,
    }))
  const activity = [
    ...activities.map((a) => ({ at: a.createdAt.toISOString(), type: a.type, by: 'customer', data: a.data })),
    ...staffActions.map((a) => ({ at: a.createdAt.toISOString(), type: a.event, by: a.actorKind ?? 'system' })),
  ].sort((a, b) => a.at.localeCompare(b.at))

  const customValues = Object.fromEntries(
    fields.map((f) => [f.displayName, formatCustomValue(f, customer.customValues[f.propertyName], lang)]),
  )
  files['customer.json'] = strToU8(
    JSON.stringify(
      { ...customer, salons: customer.salonIds.map((s) => branchNames.get(s) ?? s), customFields: customValues },
      null,
      2,
    ),
  )
  files['submissions.json'] = strToU8(JSON.stringify(subs, null, 2))
  files['comments.json'] = strToU8(JSON.stringify(commentRows, null, 2))
  files['activity.json'] = strToU8(JSON.stringify(activity, null, 2))
  // Issue 11: every saved skin analysis, with its photos under skin-photos/.
  const analyses = await db
    .select()
    .from(skinAnalyses)
    .where(tenant(skinAnalyses, caller, eq(skinAnalyses.customerId, id), isNull(skinAnalyses.deletedAt)))
    .orderBy(asc(skinAnalyses.analysedOn), asc(skinAnalyses.createdAt))
  const skinRows = []
  for (const a of analyses) {
    const { id: _id, customerId: _c, salonId, version: _v, employeeId: _e, ...rest } = toSkinAnalysis(a)
    const photos = []
    for (const [i, p] of skinPhotoPaths(caller.organisationId, [a]).entries()) {
      const bytes = await opts.storage.read(p)
      if (!bytes) continue
      const name = `skin-photos/${a.analysedOn}-${String(i + 1).padStart(2, '0')}-${p.split('/').pop()}`
      files[name] = new Uint8Array(bytes)
      photos.push(name)
    }
    skinRows.push({ ...rest, salon: branchNames.get(salonId) ?? salonId, photos })
  }
  files['skin-analyses.json'] = strToU8(JSON.stringify(skinRows, null, 2))

  const words = CUSTOMER_WORDS[lang]
  const summaryValue = (k: (typeof SUMMARY_FIELDS)[number]) => {
    if (k === 'customerSince') return when(row.createdAt)
    if (k === 'language') return customer.language && words.languages[customer.language]
    return customer[k]
  }
  const dt = (label: string, v: unknown) => (v ? `<dt>${esc(label)}</dt><dd>${esc(v)}</dd>` : '')
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(t.title)} ${esc(customer.fullName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}dt{font-weight:600}dd{margin:0 0 .5rem}img{max-width:12rem;margin:.25rem}section{margin-top:2rem}</style></head><body>
<h1>${esc(t.title)} ${esc(customer.fullName)}</h1><p>${esc(t.intro)}</p>
<section><h2>${esc(t.fields)}</h2><dl>${SUMMARY_FIELDS.map((k) => dt(words[k], summaryValue(k))).join(
    '',
  )}</dl></section>
${
  fields.length
    ? `<section><h2>${esc(t.custom)}</h2><dl>${Object.entries(customValues)
        .map(([k, v]) => dt(k, v))
        .join('')}</dl></section>`
    : ''
}
<section><h2>${esc(t.submissions)}</h2>${
    subs.length
      ? subs
          .map(
            (s) =>
              `<h3>${esc(s.questionnaire)} — ${esc(when(new Date(s.submittedAt)))}</h3><dl>${s.answers
                .map(
                  (a) =>
                    `<dt>${esc(a.question)}</dt><dd>${
                      a.photos?.length
                        ? a.photos.map((p) => `<img src="${esc(p)}" alt="">`).join('')
                        : esc(a.answer) || '—'
                    }</dd>`,
                )
                .join('')}</dl>`,
          )
          .join('')
      : `<p>${esc(t.none)}</p>`
  }</section>
<section><h2>${esc(t.comments)}</h2>${
    commentRows.length
      ? commentRows
          .map((c) => `<p><strong>${esc(c.author)}</strong>, ${esc(when(new Date(c.createdAt)))}<br>${esc(c.text)}</p>`)
          .join('')
      : `<p>${esc(t.none)}</p>`
  }</section>
<section><h2>${esc(t.activity)}</h2>${
    activity.length
      ? `<ul>${activity.map((a) => `<li>${esc(when(new Date(a.at)))} — ${esc(a.type)}</li>`).join('')}</ul>`
      : `<p>${esc(t.none)}</p>`
  }</section></body></html>`
  files[lang === 'nl' ? 'overzicht.html' : 'summary.html'] = strToU8(html)

  await auditEmployee(db, caller, {
    event: 'customersSearch',
    salonId: row.salonIds[0] ?? null,
    customerId: id,
    data: { export: 'gdpr', customerId: id },
  })
  const zip = zipSync(files, { level: 6 })
  const base = `${customer.firstName}-${customer.lastName}`.replace(/[^\p{L}\p{N}_-]+/gu, '').trim() || 'customer'
  return { filename: `${base}.zip`, zip }
}
