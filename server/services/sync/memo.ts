/**
 * Reads the mutations of one push share (issue 25): the branch, the questionnaire, the author's
 * name, a course and its segment order are the same for 500 queued submissions or 1,000
 * progress events, and reading them again per mutation was most of the push's statements. The
 * push keeps one memo per transaction and per run of one mutation name (push.ts), so a read is
 * never older than the transaction it serves, and a mutation of another kind (a customer moved
 * out of the branch) is never answered from a read made before it. Services take it as an
 * option; REST calls pass none and read every time. Only reads go through it, keyed by every id
 * they depend on (the caller is the same for the whole push); a failed read is not kept.
 */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>

/** No sharing: every read runs (REST, and anything outside a push). */
export const noMemo: Memo = (_key, load) => load()

export function newMemo(): Memo {
  const kept = new Map<string, Promise<unknown>>()
  return <T>(key: string, load: () => Promise<T>) => {
    const held = kept.get(key) as Promise<T> | undefined
    if (held) return held
    // A query builder is only thenable, and runs again at each `then`: made one promise here.
    const loading = Promise.resolve(load())
    kept.set(key, loading)
    loading.catch(() => kept.delete(key))
    return loading
  }
}
