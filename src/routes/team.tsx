import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZEmployeesSearch } from './search'

const EmployeesPage = lazyNamed(() => import('../features/employees/employees-page'), 'EmployeesPage')

/** `/{slug}/admin/employees?search=&salonId=&status=`: the team, read from the replica (issue 9). */
export const employeesRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/employees',
  staticData: { action: 'employees.read' },
  validateSearch: ZEmployeesSearch,
  component: EmployeesPage,
})
