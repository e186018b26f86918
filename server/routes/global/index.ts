import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { download } from '../../http/download'
import { handle } from '../../http/handle'
import { renderInvoicePdf } from '../../services/billing/invoice-pdf'
import { findInvoice, invoiceDocument } from '../../services/billing/read'
import { listPlatformAudit } from '../../services/global-audit/list'
import { adminIdOf, organisationById, organisationDetail } from '../../services/global-organisations/detail'
import { exportOrganisation } from '../../services/global-organisations/export'
import { setSuspended, updateAsGlobalAdmin } from '../../services/global-organisations/manage'
import { deleteOrganisation } from '../../services/global-organisations/remove'
import { organisationRows } from '../../services/global-organisations/rows'

const O = API.globalOrganisations

/** Issue 23: the global administrators' organisations and the platform audit (platform.manage). */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, O.list, async ({ caller, db, query }) => {
    adminIdOf(caller)
    return { ...(await organisationRows(db, query)), page: query.page, pageSize: query.pageSize }
  })
  handle(app, O.get, ({ caller, db, params }) => {
    adminIdOf(caller)
    return organisationDetail(db, params.id)
  })
  handle(app, O.update, ({ caller, db, body }) => updateAsGlobalAdmin({ db, caller, body }))
  handle(app, O.suspend, ({ caller, db, params, body }) =>
    setSuspended({ db, caller, id: params.id, reason: body.reason }),
  )
  handle(app, O.reactivate, ({ caller, db, params }) => setSuspended({ db, caller, id: params.id, reason: null }))
  handle(app, O.exportData, async ({ caller, db, params, reply }) => {
    const file = await exportOrganisation({ db, caller, id: params.id })
    return download(reply, { type: 'application/json; charset=utf-8', ...file })
  })
  handle(app, O.downloadInvoice, async ({ caller, db, params, reply }) => {
    adminIdOf(caller)
    await organisationById(db, params.id)
    const invoice = await findInvoice(db, params.id, params.invoiceId)
    const pdf = await renderInvoicePdf(await invoiceDocument(db, invoice))
    return download(reply, { type: 'application/pdf', filename: `${invoice.number}.pdf`, body: Buffer.from(pdf) })
  })
  handle(app, O.remove, ({ caller, db, params, query }) =>
    deleteOrganisation({ db, caller, id: params.id, confirm: query.confirm }),
  )
  handle(app, API.globalAudit.list, ({ caller, db, query }) => listPlatformAudit({ db, caller, query }))
}
export default routes
