export { importChunk } from './bulk'
export { checkImportEmails } from './check'
export { listImports, undoImport } from './undo'
