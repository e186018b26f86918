import type { FastifyPluginAsync } from 'fastify'
import { protectRoutes } from '../http/route-auth'
import activityRoutes from './activities'
import authRoutes from './auth'
import commentRoutes from './comments'
import customerRoutes from './customers'
import customerImportRoutes from './customer-imports'
import devRoutes from './dev'
import employeeActivityRoutes from './employee-activities'
import employeeRoutes from './employees'
import healthRoutes from './health'
import messageTemplateRoutes from './message-templates'
import organisationRoutes from './organisations'
import questionnaireRoutes from './questionnaires'
import roleRoutes from './roles'
import salonRoutes from './salons'
import shortcutRoutes from './shortcuts'
import submissionRoutes from './submissions'
import uploadRoutes from './uploads'
import storageRoutes from './storage'
import syncRoutes from './sync'
import customFieldRoutes from './custom-fields'
import customerAdviceRoutes from './customer-advice'
import adviceRoutes from './advice'
import customerCardRoutes from './customer-card'
import documentRoutes from './documents'
import consentEvidenceRoutes from './consent-evidence'
import documentResponseRoutes from './document-responses'
import customerDocumentRoutes from './customer-documents'

/** Every resource is one plugin; paths are the spec's, relative to /api. */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  // Every route below needs a session unless its schema says `security: []` (server/http).
  protectRoutes(app)
  await app.register(healthRoutes)
  await app.register(authRoutes)
  await app.register(organisationRoutes)
  await app.register(salonRoutes)
  await app.register(employeeRoutes)
  await app.register(employeeActivityRoutes)
  await app.register(roleRoutes)
  await app.register(customerRoutes)
  await app.register(syncRoutes)
  await app.register(questionnaireRoutes)
  await app.register(submissionRoutes)
  await app.register(activityRoutes)
  await app.register(uploadRoutes)
  await app.register(storageRoutes)
  await app.register(shortcutRoutes)
  await app.register(messageTemplateRoutes)
  await app.register(commentRoutes)
  await app.register(devRoutes)
  await app.register(customFieldRoutes)
  await app.register(adviceRoutes)
  await app.register(customerImportRoutes)
  await app.register(customerAdviceRoutes)
  await app.register(customerCardRoutes)
  await app.register(documentRoutes)
  await app.register(consentEvidenceRoutes)
  await app.register(documentResponseRoutes)
  await app.register(customerDocumentRoutes)
}
