/**
 * `err(key)`: the message of a field, or undefined. The form engine keeps them translated by
 * dotted path (`form.messages`: contract messages, client or server).
 */
export const fieldError = (errors: Record<string, string>) => (key: string) => errors[key]
