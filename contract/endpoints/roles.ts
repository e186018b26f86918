import { z } from 'zod'
import { ZCreateRole, ZRole, ZUpdateRole } from '../roles'
import { defineEndpoint } from './define'
import { ZOrgRefParams } from './params'

const tags = ['roles']

/** `{org}` (id or slug) and a role's id. */
export const ZRoleParams = ZOrgRefParams.extend({ id: z.string().uuid() })

/** Roles (spec §6): organisation-level, granted per branch; edited with managePermissions. */
export const roles = {
  /** Every role of the organisation (employees who assign roles see them too). */
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/permissions/roles',
    params: ZOrgRefParams,
    response: z.array(ZRole),
    action: 'roles.read',
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/permissions/roles',
    params: ZOrgRefParams,
    body: ZCreateRole,
    response: ZRole,
    status: 201,
    action: 'roles.manage',
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/permissions/roles/:id',
    params: ZRoleParams,
    body: ZUpdateRole,
    response: ZRole,
    action: 'roles.manage',
    tags,
  }),
}
