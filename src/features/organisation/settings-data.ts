import { useCallback, useEffect, useState } from 'react'
import type { Organisation } from '../../../contract/organisations'
import { API, call } from '../../api/client'
import { getSession, setSession } from '../auth/session'
import { updateBranding } from './branding'

/*
 * The settings screen is online-only (GET/PUT /organisations/{org}): the server decides web
 * addresses and names at once. The last loaded values are kept on this device so the screen can
 * still show them offline (read-only), with the reason the controls are off.
 */
const keyOf = (organisationId: string) => `org-settings:${organisationId}`

function kept(organisationId: string): Organisation | null {
  try {
    return JSON.parse(localStorage.getItem(keyOf(organisationId)) ?? 'null') as Organisation | null
  } catch {
    return null
  }
}

export type SettingsState =
  | { status: 'loading' }
  /** `fresh`: loaded from the server now; false: the kept copy (offline, or the load failed). */
  | { status: 'ready'; organisation: Organisation; fresh: boolean; error?: unknown }
  | { status: 'error'; error: unknown }

/** The organisation as the server has it, the kept copy meanwhile; `saved` takes a save's answer. */
export function useOrganisationSettings(organisationId: string, token: string) {
  const [state, setState] = useState<SettingsState>(() => {
    const copy = kept(organisationId)
    return copy ? { status: 'ready', organisation: copy, fresh: false } : { status: 'loading' }
  })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again (retry, back online)
  useEffect(() => {
    const ctrl = new AbortController()
    call(API.organisations.get, { params: { org: organisationId }, token, signal: ctrl.signal })
      .then((organisation) => {
        localStorage.setItem(keyOf(organisationId), JSON.stringify(organisation))
        setState({ status: 'ready', organisation, fresh: true })
      })
      .catch((error) => {
        if (ctrl.signal.aborted) return
        setState((s) => (s.status === 'ready' ? { ...s, fresh: false, error } : { status: 'error', error }))
      })
    return () => ctrl.abort()
  }, [organisationId, token, attempt])

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1)
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [])

  const saved = useCallback((organisation: Organisation) => {
    localStorage.setItem(keyOf(organisation.id), JSON.stringify(organisation))
    setState({ status: 'ready', organisation, fresh: true })
    afterSave(organisation)
  }, [])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, saved, retry }
}

/**
 * What else follows a save: the navigation's logo and name, and the signed-in staff's stored
 * session (organisationSlug, organisationName), so the staff area moves to a new web address
 * at once (StaffArea keeps the shell and only replaces the address).
 */
function afterSave(o: Organisation) {
  updateBranding(o.id, { companyName: o.companyName, slug: o.slug, logoUrl: o.logoUrl })
  const current = getSession('employee')
  if (!current || current.employee.organisationId !== o.id) return
  const { employee } = current
  if (employee.organisationSlug === o.slug && employee.organisationName === o.companyName) return
  setSession('employee', {
    ...current,
    employee: { ...employee, organisationSlug: o.slug, organisationName: o.companyName },
  })
}
