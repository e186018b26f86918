import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { versionContentOf } from '../../contract/documents'
import type { DbOrTx } from '../db/client'
import { customerDocuments, documents, documentVersions } from '../db/schema'
import { nextVersion } from '../db/versions'

const CONSENT_NAME = 'Toestemming chemische peeling'
const CONSENT_TEXT = [
  '<h2>Chemische peeling</h2>',
  '<p>Bij een chemische peeling wordt een zuuroplossing op de huid aangebracht. De bovenste huidlaag ',
  'schilt daarna enkele dagen af.</p>',
  '<ul><li>Tijdelijke roodheid, een branderig gevoel en schilfering zijn normaal.</li>',
  '<li>Vermijd zon en zonnebank gedurende twee weken en gebruik SPF 50.</li>',
  '<li>Meld zwangerschap, medicijngebruik en allergieën vooraf.</li></ul>',
  '<p>Ik heb deze informatie gelezen, mijn vragen zijn beantwoord en ik geef toestemming voor de behandeling.</p>',
].join('')

const INFO_NAME = 'Nazorg na je behandeling'
const INFO_TEXT = '<p>Gebruik de eerste 48 uur geen make-up, vermijd de zon en smeer elke dag SPF 50.</p>'

/**
 * Issue 12 in the demo: a consent form (one version) sent in-app to the demo customer, so the
 * customer area shows a form to read and sign and the kiosk has one to hand over; and an
 * information document for staff to send.
 */
export async function seedDemoDocuments(tx: DbOrTx, orgId: string, salonId: string, customerId: string | null) {
  await seedInformationDocument(tx, orgId)
  const documentId = uuidv7()
  const versionId = uuidv7()
  await tx.insert(documents).values({
    id: documentId,
    organisationId: orgId,
    kind: 'consentForm',
    name: CONSENT_NAME,
    versionsCount: 1,
    version: await nextVersion(tx, orgId),
  })
  await tx.insert(documentVersions).values({
    id: versionId,
    organisationId: orgId,
    documentId,
    number: 1,
    name: CONSENT_NAME,
    text: CONSENT_TEXT,
    contentHash: createHash('sha256')
      .update(versionContentOf({ kind: 'consentForm', name: CONSENT_NAME, text: CONSENT_TEXT, pdfSha256: null }))
      .digest('hex'),
    createdByName: 'Salon Lumière',
    version: await nextVersion(tx, orgId),
  })
  await tx.update(documents).set({ currentVersionId: versionId }).where(eq(documents.id, documentId))
  if (!customerId) return
  await tx.insert(customerDocuments).values({
    id: uuidv7(),
    organisationId: orgId,
    customerId,
    salonId,
    documentId,
    versionId,
    channel: 'inApp',
    sentAt: new Date(),
    sentByName: 'Salon Lumière',
    version: await nextVersion(tx, orgId),
  })
}

async function seedInformationDocument(tx: DbOrTx, orgId: string) {
  const documentId = uuidv7()
  const versionId = uuidv7()
  await tx.insert(documents).values({
    id: documentId,
    organisationId: orgId,
    kind: 'document',
    name: INFO_NAME,
    version: await nextVersion(tx, orgId),
  })
  await tx.insert(documentVersions).values({
    id: versionId,
    organisationId: orgId,
    documentId,
    number: 1,
    name: INFO_NAME,
    text: INFO_TEXT,
    contentHash: createHash('sha256')
      .update(versionContentOf({ kind: 'document', name: INFO_NAME, text: INFO_TEXT, pdfSha256: null }))
      .digest('hex'),
    createdByName: 'Salon Lumière',
    version: await nextVersion(tx, orgId),
  })
  await tx
    .update(documents)
    .set({ currentVersionId: versionId, version: await nextVersion(tx, orgId) })
    .where(eq(documents.id, documentId))
}
