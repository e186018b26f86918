import { ZDashboardConfigurationRead, ZSaveDashboardConfiguration } from '../dashboard'
import { ZSaveSkinAnalysis, ZSkinAnalysis, ZSkinAnalysisHistory } from '../skin-analysis'
import { defineEndpoint } from './define'
import { ZSalonItemParams, ZSalonParams } from './params'

/**
 * The customer card (issue 11): a branch's dashboard configuration (which modules the card
 * shows and their elements; no stored one answers the provider's default) and a customer's skin
 * analyses (append-only; PUT is keyed by the client's UUID: 201 new, 200 the same one again).
 */
export const dashboardConfigurations = {
  get: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/dashboard-configurations',
    params: ZSalonParams,
    response: ZDashboardConfigurationRead,
    action: 'dashboardConfiguration.read',
    tags: ['dashboardConfigurations'],
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/salons/:salon/dashboard-configurations',
    params: ZSalonParams,
    body: ZSaveDashboardConfiguration,
    response: ZDashboardConfigurationRead,
    action: 'dashboardConfiguration.manage',
    tags: ['dashboardConfigurations'],
  }),
}

export const skinAnalyses = {
  get: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/customers/:id/skin-analysis',
    params: ZSalonItemParams,
    response: ZSkinAnalysisHistory,
    action: 'skinAnalysis.read',
    tags: ['skinAnalysis'],
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/salons/:salon/customers/:id/skin-analysis',
    params: ZSalonItemParams,
    body: ZSaveSkinAnalysis,
    response: ZSkinAnalysis,
    status: [200, 201],
    action: 'skinAnalysis.write',
    feature: 'skinAnalysis',
    tags: ['skinAnalysis'],
  }),
}
