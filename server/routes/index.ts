import type { FastifyPluginAsync } from 'fastify'
import { protectRoutes } from '../http/route-auth'
import activities from './activities'
import advice from './advice'
import auth from './auth'
import checkout from './checkout'
import comments from './comments'
import customFields from './custom-fields'
import customerCard from './customer-card'
import customerImports from './customer-imports'
import customers from './customers'
import dev from './dev'
import documents from './documents'
import employeeActivities from './employee-activities'
import employees from './employees'
import global from './global'
import health from './health'
import messageTemplates from './message-templates'
import organisations from './organisations'
import paidCourses from './paid-courses'
import questionnaires from './questionnaires'
import roles from './roles'
import salons from './salons'
import shortcuts from './shortcuts'
import storage from './storage'
import subscriptions from './subscriptions'
import globalBilling from './global-billing'
import whatsappCredits from './whatsapp-credits'
import submissions from './submissions'
import sync from './sync'
import trainings from './trainings'
import uploads from './uploads'

/**
 * Every resource is one plugin (a folder of server/routes whose files call `handle`); paths are
 * the spec's, relative to /api. Adding a resource is one line here (its import and its entry).
 */
const RESOURCES = [
  health,
  auth,
  organisations,
  salons,
  employees,
  employeeActivities,
  roles,
  customers,
  sync,
  questionnaires,
  submissions,
  activities,
  uploads,
  storage,
  shortcuts,
  messageTemplates,
  comments,
  dev,
  customFields,
  advice,
  customerImports,
  customerCard,
  documents,
  subscriptions,
  whatsappCredits,
  globalBilling,
  checkout,
  global,
  trainings,
  paidCourses,
]

export const registerRoutes: FastifyPluginAsync = async (app) => {
  // Every route below needs a session unless its schema says `security: []` (server/http).
  protectRoutes(app)
  for (const resource of RESOURCES) await app.register(resource)
}
