import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { type DocumentKind, versionContentOf } from '../../contract/documents'
import type { DbOrTx } from '../db/client'
import { documents, documentVersions } from '../db/schema'
import { nextVersion } from '../db/versions'

/** The demo's documents (issue 12): a consent form and an information document, version 1 each. */
const DEMO_DOCUMENTS: { kind: DocumentKind; name: string; text: string }[] = [
  {
    kind: 'consentForm',
    name: 'Toestemming chemische peeling',
    text: '<p>Ik ben geïnformeerd over de werking en de risico’s van een chemische peeling (roodheid, schilfering, tijdelijke gevoeligheid) en geef toestemming voor de behandeling.</p>',
  },
  {
    kind: 'document',
    name: 'Nazorg na je behandeling',
    text: '<p>Gebruik de eerste 48 uur geen make-up, vermijd de zon en smeer elke dag SPF 50.</p>',
  },
]

export async function seedDemoDocuments(tx: DbOrTx, orgId: string) {
  for (const d of DEMO_DOCUMENTS) {
    const documentId = uuidv7()
    const versionId = uuidv7()
    await tx.insert(documents).values({
      id: documentId,
      organisationId: orgId,
      kind: d.kind,
      name: d.name,
      version: await nextVersion(tx, orgId),
    })
    await tx.insert(documentVersions).values({
      id: versionId,
      organisationId: orgId,
      documentId,
      number: 1,
      name: d.name,
      text: d.text,
      contentHash: createHash('sha256')
        .update(versionContentOf({ kind: d.kind, name: d.name, text: d.text, pdfSha256: null }))
        .digest('hex'),
      createdByName: 'Salon Lumière',
      version: await nextVersion(tx, orgId),
    })
    await tx
      .update(documents)
      .set({ currentVersionId: versionId, version: await nextVersion(tx, orgId) })
      .where(eq(documents.id, documentId))
  }
}
