import { type SetStateAction, useCallback, useEffect, useRef, useState } from 'react'
import { focusFirstInvalid } from './form/use-entity-form'

/**
 * A form's field errors, as useState, for every form of the app (useFormSubmit uses it too):
 * setting a new set of errors (a refused submit, a refusal from the server) moves the focus to
 * the first invalid field once they are on screen. Clearing one field's message while typing
 * (a function update) leaves the focus where it is.
 */
export function useFieldErrors<T extends Record<string, string | undefined>>(initial = {} as T) {
  const [errors, setErrorsState] = useState<T>(initial)
  const [focusRequest, setFocusRequest] = useState(0)
  const from = useRef<Element | null>(null)
  useEffect(() => {
    if (focusRequest) focusFirstInvalid(from.current)
  }, [focusRequest])
  const setErrors = useCallback((next: SetStateAction<T>) => {
    setErrorsState(next)
    if (typeof next !== 'function' && Object.values(next).some(Boolean)) {
      from.current = document.activeElement
      setFocusRequest((n) => n + 1)
    }
  }, [])
  return [errors, setErrors] as const
}
