import { describe, expect, it } from 'vitest'
import { router } from '../router'
import {
  ZCodeSearch,
  ZCustomersSearch,
  ZEmployeesSearch,
  ZGlobalSubscriptionsSearch,
  ZKioskSearch,
  ZQuestionnairesSearch,
  ZSubmissionsSearch,
  ZTokenSearch,
} from './search'

describe('route search params (the URLs people bookmarked keep working)', () => {
  it('customers: ?search=&page=, a number-looking search stays text, a bad page is the first', () => {
    expect(ZCustomersSearch.parse({ search: 'anna', page: 2 })).toEqual({ search: 'anna', page: 2, deleted: undefined })
    // The router parses `?search=0612` as JSON: a number; `?page=2` arrives as 2, a typed "x" as text.
    expect(ZCustomersSearch.parse({ search: 612, page: '3' })).toEqual({ search: '612', page: 3 })
    expect(ZCustomersSearch.parse({ search: '', page: 'x' })).toEqual({ search: undefined, page: undefined })
    expect(ZCustomersSearch.parse({ page: 0 })).toEqual({ search: undefined, page: undefined })
    expect(ZCustomersSearch.parse({ search: { a: 1 } })).toEqual({ search: undefined, page: undefined })
    // The include-deleted filter (issue 10): `?deleted=1` as the router reads it, anything else off.
    expect(ZCustomersSearch.parse({ deleted: 1 }).deleted).toBe(true)
    expect(ZCustomersSearch.parse({ deleted: 'true' }).deleted).toBe(true)
    expect(ZCustomersSearch.parse({ deleted: 'nee' }).deleted).toBeUndefined()
    expect(ZCustomersSearch.parse({ deleted: { a: 1 } }).deleted).toBeUndefined()
  })

  it('questionnaires: ?kind= only a known kind', () => {
    expect(ZQuestionnairesSearch.parse({ kind: 'employeeQuestionnaire' }).kind).toBe('employeeQuestionnaire')
    expect(ZQuestionnairesSearch.parse({ kind: 'other' }).kind).toBeUndefined()
  })

  it('employees: ?search=&salonId=&status=, only a known status', () => {
    expect(ZEmployeesSearch.parse({ search: 'bas', salonId: 'x1', status: 'invited' })).toEqual({
      search: 'bas',
      salonId: 'x1',
      status: 'invited',
    })
    expect(ZEmployeesSearch.parse({ search: '', status: 'gone' })).toEqual({
      search: undefined,
      salonId: undefined,
      status: undefined,
    })
  })

  it('global subscriptions: ?q=&state=&page=, only a known state', () => {
    expect(ZGlobalSubscriptionsSearch.parse({ q: 'studio', state: 'grace', page: '2' })).toEqual({
      q: 'studio',
      state: 'grace',
      page: 2,
    })
    expect(ZGlobalSubscriptionsSearch.parse({ q: '', state: 'deletedPending', page: 0 })).toEqual({
      q: undefined,
      state: undefined,
      page: undefined,
    })
  })

  it('ids: empty or missing is "none"; the others keep their value', () => {
    expect(ZSubmissionsSearch.parse({ questionnaireId: '', submissionId: 'abc' })).toEqual({
      questionnaireId: undefined,
      submissionId: 'abc',
    })
    expect(ZKioskSearch.parse({})).toEqual({ customer: undefined })
    expect(ZTokenSearch.parse({})).toEqual({ token: '' })
    expect(ZCodeSearch.parse({ code: 'AB12' })).toEqual({ code: 'AB12' })
  })
})

describe('staff route guards', () => {
  type Route = { fullPath: string; options: { staticData?: { action?: string }; validateSearch?: unknown } }
  const routes = Object.values(router.routesById) as unknown as Route[]

  it('every staff screen declares the policy action it needs (navigation and guard read it)', () => {
    const staff = routes.filter((r) => r.fullPath.startsWith('/$slug/admin/'))
    const undeclared = staff
      .filter((r) => r.fullPath !== '/$slug/admin/' && !r.options.staticData?.action)
      .map((r) => r.fullPath)
    expect(undeclared).toEqual([])
    const actions = Object.fromEntries(staff.map((r) => [r.fullPath, r.options.staticData?.action]))
    expect(actions).toMatchObject({
      '/$slug/admin/dashboard': 'dashboard.read',
      '/$slug/admin/questionnaires': 'questionnaires.read',
      '/$slug/admin/branches': 'salons.readAll',
      '/$slug/admin/customers': 'customers.read',
      '/$slug/admin/kiosk': 'kiosk.use',
      '/$slug/admin/employees': 'employees.read',
    })
  })

  it('every route with search params validates them with a schema', () => {
    const withSearch = routes.filter((r) => r.options.validateSearch)
    for (const r of withSearch) expect(r.options.validateSearch, r.fullPath).toHaveProperty('~standard')
    expect(withSearch.map((r) => r.fullPath)).toEqual(
      expect.arrayContaining(['/$slug/admin/customers', '/$slug/admin/questionnaires', '/$slug/admin/submissions']),
    )
  })
})
