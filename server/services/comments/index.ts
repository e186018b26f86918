/*
 * Customer comments (spec "Customer comments", issue 10): the REST routes and the sync runners
 * call these same functions (one set of rules).
 */
export { mayChange } from './access'
export { listComments } from './read'
export { toComment } from './serialize'
export { addComment, deleteComment, editComment } from './write'
