type File = Record<string, unknown>

/**
 * One language's locale files (an eager `import.meta.glob` of `locales/<lang>/*.json`) as its
 * i18next catalogue: the file name is the key prefix, locales/nl/customers.json → `customers.`.
 * `read` lets a language add to a file (English: the contract's texts, ./contract-english.ts).
 */
export function catalogue(files: Record<string, File>, read = (_area: string, file: File) => file) {
  return Object.fromEntries(
    Object.entries(files).map(([path, file]) => {
      const area = path.slice(path.lastIndexOf('/') + 1, -'.json'.length)
      return [area, read(area, file)]
    }),
  )
}
