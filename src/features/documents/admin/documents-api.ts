import type { Document, DocumentPdf } from '../../../../contract/documents'
import type { CreateDocument, DocumentDetail, UpdateDocument } from '../../../../contract/documents/requests'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import type { ReplicaDb } from '../../../local-db/db'
import { pingSync } from '../../../local-db/mutations'
import { getSession } from '../../auth/session'

/*
 * The documents screen's calls (issue 12). Changes are made online only (REST): a new version is
 * evidence, settled by the server at once. The answer goes into the replica straight away (the
 * document and its new version) and a sync is started, so the tablets follow.
 */

/** The signed-in employee's organisation (the transport attaches their session). */
function auth() {
  const session = getSession('employee')
  if (!session) throw new Error('not signed in')
  return { org: session.employee.organisationId }
}

/** The list row and version as the replica keeps them (the synced shapes, without counts). */
export const replicaRowOf = ({ counts: _c, currentVersion: _v, ...doc }: DocumentDetail): Document => doc

/**
 * Not awaited by the screen: a first sync of a large replica holds the tables for a while, and the
 * screen shows the server's answer meanwhile (useDocuments merges it).
 */
function remember(db: ReplicaDb | undefined, saved: DocumentDetail) {
  if (!db) return
  void keep(db, saved).catch(() => undefined)
}

async function keep(db: ReplicaDb, saved: DocumentDetail) {
  await db.transaction('rw', db.documents, db.documentVersions, async () => {
    // Never put back an older copy than the sync already brought.
    const known = await db.documents.get(saved.id)
    if (!known || known.version <= saved.version) await db.documents.put(replicaRowOf(saved))
    await db.documentVersions.put(saved.currentVersion)
  })
  pingSync(db)
}

export async function createDocument(body: CreateDocument, db: ReplicaDb | undefined): Promise<DocumentDetail> {
  const { org } = auth()
  const saved = await apiCall(API.documents.create, { params: { org }, body })
  remember(db, saved)
  return saved
}

export async function updateDocument(
  id: string,
  body: UpdateDocument,
  db: ReplicaDb | undefined,
): Promise<DocumentDetail> {
  const { org } = auth()
  const saved = await apiCall(API.documents.update, { params: { org, id }, body })
  remember(db, saved)
  return saved
}

/** POST …/upload/pdf with the chosen file (the server checks it is a PDF by its bytes). */
export async function uploadPdf(file: File): Promise<DocumentPdf> {
  const { org } = auth()
  const form = new FormData()
  form.append('file', file, file.name)
  return apiCall(API.uploads.pdf, { params: { org }, body: form })
}
