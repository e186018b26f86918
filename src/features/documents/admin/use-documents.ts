import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useState } from 'react'
import type { Document, DocumentVersion } from '../../../../contract/documents'
import type { DocumentCounts, DocumentListItem } from '../../../../contract/documents/requests'
import { useOnline } from '../../app/use-online'
import { useReplica } from '../../sync/replica-context'
import { fetchDocuments, fetchVersions } from './documents-api'

/*
 * The organisation's documents for the documents screen (issue 12): the replica's copy (offline
 * too, filled by the sync) merged with the server's list when online, which adds how many were
 * sent, seen, accepted and declined and covers documents the sync has not brought yet.
 */

export type DocumentRow = Document & { counts: DocumentCounts | null }

const byName = (a: Document, b: Document) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1)

export function useDocuments(): {
  rows: DocumentRow[] | undefined
  /** The server's list could not be read (online): counts are missing. */
  failed: boolean
  reload: () => void
} {
  const replica = useReplica()
  const online = useOnline()
  const local = useLiveQuery(async () => (replica ? replica.db.documents.toArray() : undefined), [replica])
  const [server, setServer] = useState<DocumentListItem[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [tick, setTick] = useState(0)
  const reload = useCallback(() => setTick((n) => n + 1), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` asks for a fresh list
  useEffect(() => {
    if (!online) return
    let live = true
    fetchDocuments().then(
      (list) => {
        if (!live) return
        setServer(list)
        setFailed(false)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [online, tick])

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
  const [server, setServer] = useState<DocumentVersion[]>([])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current version asks again
  useEffect(() => {
    setServer([])
    if (!online || !documentId) return
    let live = true
    fetchVersions(documentId).then(
      (list) => live && setServer(list),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [online, documentId, currentVersionId])
  if (local === undefined) return undefined
  const all = new Map<string, DocumentVersion>()
  for (const v of [...local, ...server]) all.set(v.id, v)
  return [...all.values()].sort((a, b) => b.number - a.number)
}
