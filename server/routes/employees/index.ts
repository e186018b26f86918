import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZEmployeeSession, ZSetLanguage } from '../../../contract/auth'
import { requireEmployee, requirePrincipal } from '../../auth/guards'
import { buildEmployeeMe, setEmployeeLanguage } from '../../services/employees/me'

const ZParams = z.object({ org: z.string().trim().min(1).max(100) })
const ZMe = ZEmployeeSession.shape.employee

/** The signed-in employee (fresh permissions per branch) and their language. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const who = async (req: Parameters<typeof requirePrincipal>[0], org: string) => {
    const scope = await requireEmployee(req, org)
    const p = requirePrincipal(req)
    return { employeeId: scope.employeeId!, impersonatedBy: p.kind === 'employee' ? p.impersonatedBy : null }
  }

  app.get(
    '/organisations/:org/employees/me',
    { schema: { tags: ['employees'], params: ZParams, response: { 200: ZMe } } },
    async (req) => buildEmployeeMe(app.db, await who(req, req.params.org)),
  )
  app.put(
    '/organisations/:org/employees/me/language',
    { schema: { tags: ['employees'], params: ZParams, body: ZSetLanguage, response: { 200: ZMe } } },
    async (req) => setEmployeeLanguage(app.db, { ...(await who(req, req.params.org)), language: req.body.language }),
  )
}
export default routes
