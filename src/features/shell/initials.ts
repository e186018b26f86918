import type { EmployeeMe } from '../../../contract/auth'

/** The employee's initials, as the header's profile button and the profile drawer show them. */
export const initials = (e: EmployeeMe) => `${e.firstName.slice(0, 1)}${e.lastName.slice(0, 1)}`.toUpperCase()
