import type { Answer, Submission } from '../../../contract/questionnaires'
import type { questionnaireSubmissions } from '../../db/schema'

export type SubmissionRow = typeof questionnaireSubmissions.$inferSelect

export function toSubmission(r: SubmissionRow): Submission {
  return {
    id: r.id,
    organisationId: r.organisationId,
    salonId: r.salonId,
    customerId: r.customerId,
    questionnaireId: r.questionnaireId,
    answers: r.answers as Answer[],
    takenBy: r.takenBy as Submission['takenBy'],
    employeeId: r.employeeId,
    employeeName: r.employeeName,
    deviceId: r.deviceId,
    deviceName: r.deviceName,
    submittedAt: r.submittedAt.toISOString(),
    receivedAt: r.receivedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}
