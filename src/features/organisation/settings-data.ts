import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Organisation } from '../../../contract/organisations'
import { API } from '../../api/client'
import { queryKeyOf, useApiQuery } from '../../api/query'
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
export function useOrganisationSettings(organisationId: string) {
  const client = useQueryClient()
  const input = { params: { org: organisationId } }
  const q = useApiQuery(API.organisations.get, input, {
    initialData: () => kept(organisationId) ?? undefined,
    // The kept copy is from an earlier visit: shown at once, asked again at once.
    initialDataUpdatedAt: 0,
    onData: (organisation) => localStorage.setItem(keyOf(organisationId), JSON.stringify(organisation)),
  })
  const state: SettingsState = q.data
    ? { status: 'ready', organisation: q.data, fresh: q.dataUpdatedAt > 0 && !q.isError, error: q.error ?? undefined }
    : q.isError
      ? { status: 'error', error: q.error }
      : { status: 'loading' }
  const saved = useCallback(
    (organisation: Organisation) => {
      localStorage.setItem(keyOf(organisation.id), JSON.stringify(organisation))
      client.setQueryData(queryKeyOf(API.organisations.get, { params: { org: organisation.id } }), organisation)
      afterSave(organisation)
    },
    [client],
  )
  const { refetch } = q
  const retry = useCallback(() => void refetch(), [refetch])
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
