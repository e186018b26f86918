import type { FastifyPluginAsync } from 'fastify'
import { API } from '../../../contract/endpoints'
import { download } from '../../http/download'
import { handle } from '../../http/handle'
import { renderCertificatePdf } from '../../services/trainings/certificate-pdf'
import { certificateToDownload, listCertificates, verifyCertificate } from '../../services/trainings/certificates'
import { courseProgress, listProgress } from '../../services/trainings/progress'
import { getCourse, getModule, getSegment, listCourses, listModules } from '../../services/trainings/read'
import { manualScope, paidScope, trainingScope } from '../../services/trainings/scope'
import { listManuals } from '../../services/trainings/search'
import { perIp } from '../auth/limits'
import { offlineManuals } from '../../services/trainings/offline-manuals'
import {
  createCourse,
  createModule,
  deleteCourse,
  deleteModule,
  reorderCourses,
  reorderModules,
  updateCourse,
  updateModule,
} from '../../services/trainings/write'

/**
 * Trainings and user manuals (issue 24), one service for both (services/trainings): the
 * organisation's trainings (`API.trainings`, scope of the caller's organisation) and the
 * platform's user manuals (`API.userManuals`, no organisation) and paid courses (`API.globalPaidCourses`
 * written by global admins; the organisation's catalogue and buying, `API.paidCourses`, are routes/paid-courses).
 */
const routes: FastifyPluginAsync = async (app) => {
  const T = API.trainings
  handle(app, T.listCourses, ({ caller, db }) => listCourses({ db, scope: trainingScope(caller) }))
  handle(app, T.getCourse, ({ caller, db, params }) => getCourse({ db, scope: trainingScope(caller), id: params.id }))
  handle(app, T.createCourse, ({ caller, db, body }) => createCourse({ db, scope: trainingScope(caller), input: body }))
  handle(app, T.reorderCourses, ({ caller, db, body }) =>
    reorderCourses({ db, scope: trainingScope(caller), ids: body.ids }),
  )
  handle(app, T.updateCourse, ({ caller, db, params, body }) =>
    updateCourse({ db, scope: trainingScope(caller), id: params.id, input: body }),
  )
  handle(app, T.removeCourse, ({ caller, db, params }) =>
    deleteCourse({ db, scope: trainingScope(caller), id: params.id }),
  )
  handle(app, T.listModules, ({ caller, db, params }) =>
    listModules({ db, scope: trainingScope(caller), id: params.id }),
  )
  handle(app, T.getModule, ({ caller, db, params }) =>
    getModule({ db, scope: trainingScope(caller), id: params.id, moduleId: params.moduleId }),
  )
  handle(app, T.createModule, ({ caller, db, params, body }) =>
    createModule({ db, scope: trainingScope(caller), courseId: params.id, input: body }),
  )
  handle(app, T.reorderModules, ({ caller, db, params, body }) =>
    reorderModules({ db, scope: trainingScope(caller), courseId: params.id, ids: body.ids }),
  )
  handle(app, T.updateModule, ({ caller, db, params, body }) =>
    updateModule({ db, scope: trainingScope(caller), courseId: params.id, id: params.moduleId, input: body }),
  )
  handle(app, T.removeModule, ({ caller, db, params }) =>
    deleteModule({ db, scope: trainingScope(caller), courseId: params.id, id: params.moduleId }),
  )
  handle(app, T.getSegment, ({ caller, db, params }) =>
    getSegment({ db, scope: trainingScope(caller), id: params.id, segmentId: params.segmentId }),
  )
  handle(app, T.progress, ({ caller, db }) => listProgress({ db, caller }))
  handle(app, T.courseProgress, ({ caller, db, params }) => courseProgress({ db, caller, id: params.id }))
  handle(app, T.certificates, ({ caller, db }) => listCertificates({ db, caller }))
  handle(app, T.downloadCertificate, async ({ caller, db, params, reply }) => {
    const { certificate: c, language, organisationName } = await certificateToDownload({ db, caller, id: params.id })
    const pdf = await renderCertificatePdf({
      ...c,
      language,
      organisationName,
      verifyUrl: `${app.config.publicUrl}/certificates/${c.code}`,
    })
    return download(reply, { type: 'application/pdf', filename: `certificate-${c.code}.pdf`, body: Buffer.from(pdf) })
  })
  // No credentials, like the shortcut codes: rate-limited per IP (spec §8's 15-minute window);
  // 31^10 codes are far beyond what 30 tries a window let anyone guess.
  handle(app, API.certificates.verify, ({ db, params }) => verifyCertificate(db, params.code), { config: perIp(30) })

  const M = API.userManuals
  handle(app, M.listCourses, ({ caller, db, query }) => listManuals({ db, caller, q: query.q }))
  handle(app, M.offline, ({ caller, db, query }) => offlineManuals({ db, caller, version: query.version }))
  handle(app, M.getCourse, ({ caller, db, params }) => getCourse({ db, scope: manualScope(caller), id: params.id }))
  handle(app, M.createCourse, ({ caller, db, body }) => createCourse({ db, scope: manualScope(caller), input: body }))
  handle(app, M.reorderCourses, ({ caller, db, body }) =>
    reorderCourses({ db, scope: manualScope(caller), ids: body.ids }),
  )
  handle(app, M.updateCourse, ({ caller, db, params, body }) =>
    updateCourse({ db, scope: manualScope(caller), id: params.id, input: body }),
  )
  handle(app, M.removeCourse, ({ caller, db, params }) =>
    deleteCourse({ db, scope: manualScope(caller), id: params.id }),
  )
  handle(app, M.listModules, ({ caller, db, params }) => listModules({ db, scope: manualScope(caller), id: params.id }))
  handle(app, M.getModule, ({ caller, db, params }) =>
    getModule({ db, scope: manualScope(caller), id: params.id, moduleId: params.moduleId }),
  )
  handle(app, M.createModule, ({ caller, db, params, body }) =>
    createModule({ db, scope: manualScope(caller), courseId: params.id, input: body }),
  )
  handle(app, M.reorderModules, ({ caller, db, params, body }) =>
    reorderModules({ db, scope: manualScope(caller), courseId: params.id, ids: body.ids }),
  )
  handle(app, M.updateModule, ({ caller, db, params, body }) =>
    updateModule({ db, scope: manualScope(caller), courseId: params.id, id: params.moduleId, input: body }),
  )
  handle(app, M.removeModule, ({ caller, db, params }) =>
    deleteModule({ db, scope: manualScope(caller), courseId: params.id, id: params.moduleId }),
  )

  const P = API.globalPaidCourses
  handle(app, P.listCourses, ({ caller, db }) => listCourses({ db, scope: paidScope(caller) }))
  handle(app, P.getCourse, ({ caller, db, params }) => getCourse({ db, scope: paidScope(caller), id: params.id }))
  handle(app, P.createCourse, ({ caller, db, body }) => createCourse({ db, scope: paidScope(caller), input: body }))
  handle(app, P.reorderCourses, ({ caller, db, body }) =>
    reorderCourses({ db, scope: paidScope(caller), ids: body.ids }),
  )
  handle(app, P.updateCourse, ({ caller, db, params, body }) =>
    updateCourse({ db, scope: paidScope(caller), id: params.id, input: body }),
  )
  handle(app, P.removeCourse, ({ caller, db, params }) => deleteCourse({ db, scope: paidScope(caller), id: params.id }))
  handle(app, P.listModules, ({ caller, db, params }) => listModules({ db, scope: paidScope(caller), id: params.id }))
  handle(app, P.getModule, ({ caller, db, params }) =>
    getModule({ db, scope: paidScope(caller), id: params.id, moduleId: params.moduleId }),
  )
  handle(app, P.createModule, ({ caller, db, params, body }) =>
    createModule({ db, scope: paidScope(caller), courseId: params.id, input: body }),
  )
  handle(app, P.reorderModules, ({ caller, db, params, body }) =>
    reorderModules({ db, scope: paidScope(caller), courseId: params.id, ids: body.ids }),
  )
  handle(app, P.updateModule, ({ caller, db, params, body }) =>
    updateModule({ db, scope: paidScope(caller), courseId: params.id, id: params.moduleId, input: body }),
  )
  handle(app, P.removeModule, ({ caller, db, params }) =>
    deleteModule({ db, scope: paidScope(caller), courseId: params.id, id: params.moduleId }),
  )
}
export default routes
