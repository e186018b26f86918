import { useCallback } from 'react'
import { formatPhone, type PhoneRegion } from '../../../contract/phone'
import { getSession, useEmployeeSession } from './session'

/** The signed-in organisation's dialling region (undefined for a session stored before it existed). */
export function employeePhoneRegion(): PhoneRegion | undefined {
  return getSession('employee')?.employee.phoneRegion as PhoneRegion | undefined
}

/** Phone numbers as staff read them: national in the organisation's country, international otherwise. */
export function useFormatPhone(): (value: string | null | undefined) => string {
  const region = useEmployeeSession()?.employee.phoneRegion as PhoneRegion | undefined
  return useCallback((value) => formatPhone(value, region), [region])
}
