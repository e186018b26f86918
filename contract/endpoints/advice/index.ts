/**
 * Grow / advice (issue 11), one resource in two parts: a branch's modules, groups and conditions
 * (modules: `API.advice`), and the advice a customer's answers choose, with its notifications
 * (customer: `API.customerAdvice`). The module audio upload is an upload (`API.uploads.audio`).
 */
export { customerAdvice } from './customer'
export { advice } from './modules'
