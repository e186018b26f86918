type File = Record<string, unknown>

/**
 * One language's locale files as its i18next catalogue: the file name is the key prefix,
 * locales/nl/customers.json → `customers.`. The files come as text (an eager `import.meta.glob`
 * with `?raw`) and are read with JSON.parse, which a browser parses far faster than the same
 * texts as object literals in JS (the first screen waits for them on a slow tablet).
 * `read` lets a language add to a file (English: the contract's texts, ./contract-english.ts).
 */
export function catalogue(files: Record<string, string>, read = (_area: string, file: File) => file) {
  return Object.fromEntries(
    Object.entries(files).map(([path, text]) => {
      const area = path.slice(path.lastIndexOf('/') + 1, -'.json'.length)
      return [area, read(area, JSON.parse(text) as File)]
    }),
  )
}
