import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type DocumentKind, versionContentOf } from '../../contract/documents'
import type { App } from '../../server/app'
import { customerDocuments, documents, documentVersions } from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'

/*
 * Issue 12 test fixtures: documents, versions and sends written straight into the database, so a
 * feature's tests do not depend on another feature's endpoints. The endpoints' own tests create
 * them through the API.
 */

export async function seedDocument(
  app: App,
  organisationId: string,
  opts: { kind?: DocumentKind; name?: string; text?: string; versions?: number } = {},
) {
  const kind = opts.kind ?? 'consentForm'
  const name = opts.name ?? 'Consent for a chemical peel'
  const documentId = randomUUID()
  const versionIds: string[] = []
  await app.db.transaction(async (tx) => {
    await tx.insert(documents).values({
      id: documentId,
      organisationId,
      kind,
      name,
      versionsCount: opts.versions ?? 1,
      version: await nextVersion(tx, organisationId),
    })
    for (let n = 1; n <= (opts.versions ?? 1); n++) {
      const text = kind === 'pdfDocument' ? null : (opts.text ?? `<p>I understand the risks (version ${n}).</p>`)
      const id = randomUUID()
      versionIds.push(id)
      await tx.insert(documentVersions).values({
        id,
        organisationId,
        documentId,
        number: n,
        name,
        text,
        contentHash: createHash('sha256')
          .update(versionContentOf({ kind, name, text, pdfSha256: null }))
          .digest('hex'),
        version: await nextVersion(tx, organisationId),
      })
    }
    await tx
      .update(documents)
      .set({ currentVersionId: versionIds.at(-1) })
      .where(eq(documents.id, documentId))
  })
  return { documentId, versionId: versionIds.at(-1)!, versionIds, kind, name }
}

export async function seedCustomerDocument(
  app: App,
  opts: { organisationId: string; salonId: string; customerId: string; documentId: string; versionId: string },
) {
  const id = randomUUID()
  await app.db.transaction(async (tx) => {
    await tx.insert(customerDocuments).values({
      id,
      ...opts,
      channel: 'inApp',
      sentAt: new Date(),
      sentByName: 'Test',
      version: await nextVersion(tx, opts.organisationId),
    })
  })
  return id
}
