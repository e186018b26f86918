import { z } from 'zod'
import { ZCreateSalon, ZSalon, ZUpdateSalon } from '../salons'
import { defineEndpoint } from './define'
import { ZOrgRefParams, ZOrgRefSalonParams } from './params'

const tags = ['salons']

/** Branches (salons in the API). */
export const salons = {
  /** The branches the caller may see (all with readSalons/manageSalons, else their own). */
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons',
    params: ZOrgRefParams,
    response: z.array(ZSalon),
    action: 'salons.read',
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/salons',
    params: ZOrgRefParams,
    body: ZCreateSalon,
    response: ZSalon,
    status: 201,
    action: 'salons.manage',
    tags,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon',
    params: ZOrgRefSalonParams,
    response: ZSalon,
    action: 'salons.read',
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/salons/:salon',
    params: ZOrgRefSalonParams,
    body: ZUpdateSalon,
    response: ZSalon,
    action: 'salons.manage',
    tags,
  }),
}
