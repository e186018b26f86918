export { getChanges } from './changes'
export { pushMutations } from './push'
