import { toNestErrors } from '@hookform/resolvers'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  get,
  type Resolver,
  type ResolverOptions,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useApiErrorMessage, zodFieldErrors } from '../errors'
import { translateValidation } from '../field-issues'
import { parseIssueRef } from '../../api/field-issues'
import { focusFirstInvalid } from './focus-invalid'
import { sameValues, serverFieldErrors } from './form-values'

/** What a submit or a check says about fields: one kept message per dotted path. */
export type FieldMessages = Record<string, string>

/**
 * Thrown by a form's `submit` (or its `check`) to put messages on fields instead of the form's
 * general error: a refusal the server names by error code (`SLUG_TAKEN` → the slug field).
 * Messages are issue references (messageRef) or already translated text.
 */
export class FieldRefusal extends Error {
  constructor(readonly fields: FieldMessages) {
    super('field refusal')
  }
}

export type EntityFormOptions<V extends FieldValues, S extends z.ZodType> = {
  /** The contract schema the form's values are checked with before anything is sent. */
  schema: S
  /**
   * A form whose checks are more than a schema (the customer form: custom fields, dates typed as
   * text) validates itself: the data to send, or messages per path. Replaces `schema` and
   * `check`; the schema then only names the data's type (`z.custom<CustomerFields>()`).
   */
  validate?: (values: V) => { ok: true; data: z.output<S> } | { ok: false; errors: FieldMessages }
  /** The values the form starts from (and goes back to when `resetKey` changes); a function is read only then. */
  initial: V | (() => V)
  /** A new value (another entity, the drawer opened again) starts the form over from `initial`. */
  resetKey?: unknown
  /** Called when the form starts over for a new `resetKey`: the form's own extra state (a refusal shown) too. */
  onReset?: () => void
  /** The form field a schema or server path belongs to, where the body nests what the form keeps flat. */
  fieldOf?: (path: string) => string
  /** The schema's input made from the form's values (trimmed texts, numbers from text fields). */
  toInput?: (values: V) => unknown
  /**
   * Checks the schema cannot make (custom fields, a clearer message for an empty choice): messages
   * per path, or nothing when fine. Run with the schema; its messages win on the same path.
   */
  check?: (values: V) => FieldMessages | undefined
  /**
   * An untouched form follows `initial` when it changes (the server's answer, another device's
   * edit through the sync); typed changes are never overwritten. A function gives what counts
   * when comparing (row identities left out).
   */
  follow?: boolean | ((values: V) => unknown)
  /** Sends the parsed values. Throwing shows the error on its fields (VALIDATION_FAILED, FieldRefusal) or on the form. */
  submit: (data: z.output<S>, values: V) => Promise<void>
  /** Shown, not edited: fields disabled, no submit button, never dirty. */
  readOnly?: boolean
  /**
   * `false`: closing with changes does not ask (a confirmation whose only field is the typed
   * name of what goes: nothing is lost by closing). The frame's unsaved-changes guard is on otherwise.
   */
  guard?: boolean
}

export type EntityForm<V extends FieldValues> = {
  /** react-hook-form's own handle, for what the helpers below do not cover (useFieldArray, Controller). */
  rhf: UseFormReturn<V>
  /** The current values (re-rendered on every change). */
  values: V
  /** Props for a text input, textarea or select: name, value, onChange and the translated error. */
  field: <N extends FieldPath<V>>(name: N) => BoundField
  /** Set a value from a custom control (checkbox list, date field): marks the form changed. */
  set: <N extends FieldPath<V>>(name: N, value: FieldPathValue<V, N>) => void
  /** Set several top-level values at once (a change that moves two fields). */
  patch: (values: Partial<V>) => void
  /** The translated message on a field, or undefined. */
  error: (name: string) => string | undefined
  /** Every field's translated message by dotted path (`access.1.roleId`), for a control that shows several. */
  messages: Record<string, string>
  /** Put messages on fields by hand (a check made outside submit) and move the cursor to the first. */
  setErrors: (fields: FieldMessages) => void
  /** Start over from these values (or `initial`): not dirty, no messages. */
  reset: (values?: V) => void
  /** Call from the <form>'s onSubmit (EntityFormElement does). */
  onSubmit: (e?: { preventDefault?: () => void }) => Promise<void>
  isDirty: boolean
  isBusy: boolean
  readOnly: boolean
  /** Closing with changes asks first (the `guard` option; on unless turned off). */
  guard: boolean
  /** The form's general error (a server or network refusal that names no field), translated. */
  formError: string | null
  setFormError: (text: string | null) => void
  /** The <form> element: the first invalid field inside it gets the focus. */
  formRef: RefObject<HTMLFormElement | null>
}

export type BoundField = {
  name: string
  value: string
  onChange: (e: { target: { value: string } }) => void
  error: string | undefined
}

/** Messages moved to the form's own field names (first message per field wins). */
function onFields(messages: FieldMessages, fieldOf?: (path: string) => string): FieldMessages {
  if (!fieldOf) return messages
  const out: FieldMessages = {}
  for (const [path, message] of Object.entries(messages)) out[fieldOf(path)] ??= message
  return out
}

const initialOf = <V>(initial: V | (() => V)): V => (typeof initial === 'function' ? (initial as () => V)() : initial)

function flatMessages(
  node: unknown,
  path: string,
  out: Record<string, string>,
  translate: (path: string) => string | undefined,
): Record<string, string> {
  if (!node || typeof node !== 'object') return out
  const own = node as { message?: unknown; type?: unknown }
  if (typeof own.message === 'string' && typeof own.type === 'string') {
    const text = translate(path)
    if (text) out[path] = text
    return out
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ref') continue
    flatMessages(v, k === 'root' ? path : path ? `${path}.${k}` : k, out, translate)
  }
  return out
}

/** The form's values checked with the contract schema; messages kept as issue references. */
function contractResolver<V extends FieldValues, S extends z.ZodType>(
  options: () => Pick<EntityFormOptions<V, S>, 'schema' | 'toInput' | 'check' | 'fieldOf' | 'validate'>,
): Resolver<V> {
  return async (values, _context, resolverOptions) => {
    const { schema, toInput, check, fieldOf, validate } = options()
    if (validate) {
      const own = validate(values)
      if (own.ok) return { values: own.data as V, errors: {} }
      return { values: {}, errors: nested(onFields(own.errors, fieldOf), resolverOptions) }
    }
    const parsed = schema.safeParse(toInput ? toInput(values) : values)
    const fromSchema = parsed.success ? {} : onFields(zodFieldErrors(parsed.error), fieldOf)
    const messages = { ...fromSchema, ...check?.(values) }
    if (!Object.keys(messages).length) return { values: (parsed.success ? parsed.data : values) as V, errors: {} }
    return { values: {}, errors: nested(messages, resolverOptions) }
  }
}

function nested<V extends FieldValues>(messages: FieldMessages, options: ResolverOptions<V>): FieldErrors<V> {
  const flat: FieldErrors = {}
  for (const [path, message] of Object.entries(messages)) flat[path] = { type: 'validation', message }
  return toNestErrors(flat, options)
}

/**
 * The one form engine (issue 20): react-hook-form over a contract schema. It gives the drawer
 * frame (FormDrawer) what every form needs: changed or not, busy while sending, messages on
 * fields from the schema and from the server (VALIDATION_FAILED), the cursor on the first invalid
 * field, the general error, read-only. Field messages are translated as everywhere
 * (translateValidation): zod's English never reaches the screen.
 */
export function useEntityForm<V extends FieldValues, S extends z.ZodType>(
  options: EntityFormOptions<V, S>,
): EntityForm<V> {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const latest = useRef(options)
  latest.current = options
  const readOnly = !!options.readOnly
  const rhf = useForm<V>({
    defaultValues: initialOf(options.initial) as DefaultValues<V>,
    resolver: contractResolver(() => latest.current),
    mode: 'onSubmit',
    // After a refused submit a field's message follows what is typed (a fixed field loses it).
    reValidateMode: 'onChange',
    // Focus is ours (focusFirstInvalid): custom controls mark themselves with aria-invalid.
    shouldFocusError: false,
  })
  const [formError, setFormError] = useState<string | null>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  const formRef = useRef<HTMLFormElement | null>(null)
  useEffect(() => {
    if (focusRequest) focusFirstInvalid(formRef.current ?? document.activeElement)
  }, [focusRequest])

  const setErrors = useCallback(
    (fields: FieldMessages) => {
      for (const [path, message] of Object.entries(fields))
        rhf.setError(path as FieldPath<V>, { type: 'server', message })
      if (Object.keys(fields).length) setFocusRequest((n) => n + 1)
    },
    [rhf],
  )

  const reset = useCallback(
    (values?: V) => {
      rhf.reset(values ?? initialOf(latest.current.initial))
      setFormError(null)
    },
    [rhf],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts over only when the key changes
  useEffect(() => {
    if (options.resetKey === undefined) return
    reset()
    latest.current.onReset?.()
  }, [options.resetKey])

  const isDirty = !readOnly && rhf.formState.isDirty
  const isBusy = rhf.formState.isSubmitting
  const followed = options.follow ? initialOf(options.initial) : undefined
  useEffect(() => {
    const follow = latest.current.follow
    if (!follow || !followed || isDirty || isBusy) return
    const seen = typeof follow === 'function' ? follow : (v: V) => v
    if (!sameValues(seen(followed), seen(rhf.formState.defaultValues as V))) rhf.reset(followed)
  })

  const onSubmit = async (e?: { preventDefault?: () => void }) => {
    e?.preventDefault?.()
    if (latest.current.readOnly || rhf.formState.isSubmitting) return
    setFormError(null)
    let refused = false
    await rhf.handleSubmit(
      async (data) => {
        try {
          await latest.current.submit(data as z.output<S>, rhf.getValues())
        } catch (err) {
          const server = serverFieldErrors(err)
          const fields = err instanceof FieldRefusal ? err.fields : server && onFields(server, latest.current.fieldOf)
          if (fields) setErrors(fields)
          else setFormError(errorText(err))
        }
      },
      () => {
        refused = true
      },
    )()
    // After react-hook-form has published its messages: they are on screen when the focus moves.
    if (refused) setFocusRequest((n) => n + 1)
  }

  const error = (name: string): string | undefined => {
    // An array's own message sits at `root` when its items have messages too (react-hook-form).
    const node = get(rhf.formState.errors, name) as { message?: unknown; root?: { message?: unknown } } | undefined
    const message = node?.message ?? node?.root?.message
    if (typeof message !== 'string' || !message) return undefined
    // A kept reference is translated; a text set by the form itself is already in the reader's language.
    return parseIssueRef(message) ? translateValidation(t, message) : message
  }

  const values = rhf.watch()
  const field = <N extends FieldPath<V>>(name: N): BoundField => {
    // Known to react-hook-form (revalidation after a refused submit) but controlled here: its own
    // ref and blur handler would read the value back from the element.
    rhf.register(name)
    const value = get(values, name)
    return {
      name,
      value: value == null ? '' : String(value),
      onChange: (e) => set(name, e.target.value as FieldPathValue<V, N>),
      error: error(name),
    }
  }
  const set = <N extends FieldPath<V>>(name: N, value: FieldPathValue<V, N>) =>
    rhf.setValue(name, value, { shouldDirty: true, shouldValidate: rhf.formState.isSubmitted })

  const patch = (next: Partial<V>) => {
    for (const [name, value] of Object.entries(next))
      set(name as FieldPath<V>, value as FieldPathValue<V, FieldPath<V>>)
  }

  return {
    rhf,
    values,
    field,
    set,
    patch,
    error,
    setErrors,
    reset,
    onSubmit,
    messages: flatMessages(rhf.formState.errors, '', {}, error),
    isDirty,
    isBusy,
    readOnly,
    guard: options.guard !== false,
    formError,
    setFormError,
    formRef,
  }
}
