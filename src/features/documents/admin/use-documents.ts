import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect } from 'react'
import type { Document, DocumentVersion } from '../../../../contract/documents'
import type { DocumentCounts } from '../../../../contract/documents/requests'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { useHasFeature } from '../../subscription/upgrade-prompt'
import { useReplica } from '../../sync/replica-context'

/*
 * The organisation's documents for the documents screen (issue 12): the replica's copy (offline
 * too, filled by the sync) merged with the server's list when online, which adds how many were
 * sent, seen, accepted and declined and covers documents the sync has not brought yet.
 */

export type DocumentRow = Document & { counts: DocumentCounts | null }

const byName = (a: Document, b: Document) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1)

/**
 * Whether this employee may create and change documents: documents.manage, and documents in the
 * organisation's plan (issue 22: outside it the page shows the upgrade prompt; the documents and
 * the consents given stay readable after a downgrade).
 */
export function useCanManageDocuments(): boolean {
  const inPlan = useHasFeature('documents')
  const may = useCan('documents.manage')
  return may && inPlan
}

export function useDocuments(): {
  rows: DocumentRow[] | undefined
  /** The server's list could not be read (online): counts are missing. */
  failed: boolean
  reload: () => void
} {
  const replica = useReplica()
  const online = useOnline()
  const local = useLiveQuery(async () => (replica ? replica.db.documents.toArray() : undefined), [replica])
  const q = useApiQuery(
    API.documents.list,
    online && replica ? { params: { org: replica.orgId }, query: { includeArchived: 'true' } } : null,
    { retry: false },
  )
  const server = q.data ?? null
  // Failed and not asking again (a reload shows the old counts until the answer).
  const failed = q.isError && !q.isFetching
  const { refetch } = q
  const reload = useCallback(() => void refetch(), [refetch])

  if (local === undefined && server === null) return { rows: undefined, failed, reload }
  const merged = new Map<string, DocumentRow>()
  for (const d of local ?? []) merged.set(d.id, { ...d, counts: null })
  for (const d of server ?? []) {
    const mine = merged.get(d.id)
    // The newer copy of the row wins; the counts come from the server either way.
    merged.set(d.id, mine && mine.version > d.version ? { ...mine, counts: d.counts } : d)
  }
  return { rows: [...merged.values()].sort(byName), failed, reload }
}

/** A document's versions, newest first: the replica's, completed from the server when online. */
export function useVersions(documentId: string | null, currentVersionId: string | null): DocumentVersion[] | undefined {
  const replica = useReplica()
  const online = useOnline()
  const local = useLiveQuery(
    async () =>
      replica && documentId ? replica.db.documentVersions.where('documentId').equals(documentId).toArray() : [],
    [replica, documentId],
  )
  const q = useApiQuery(
    API.documents.versions,
    online && replica && documentId ? { params: { org: replica.orgId, id: documentId } } : null,
    { retry: false },
  )
  // A new current version asks again (the cached list lacks it).
  const { data, refetch } = q
  const has = !currentVersionId || !data || data.some((v) => v.id === currentVersionId)
  useEffect(() => {
    if (!has) void refetch()
  }, [has, refetch])
  const server = data ?? []
  if (local === undefined) return undefined
  const all = new Map<string, DocumentVersion>()
  for (const v of [...local, ...server]) all.set(v.id, v)
  return [...all.values()].sort((a, b) => b.number - a.number)
}
