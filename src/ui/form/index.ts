export { EntityFormElement } from './entity-form-element'
export { focusFirstInvalid } from './focus-invalid'
export { FormDrawer, FormModal } from './form-drawer'
export { sameValues, serverFieldErrors } from './form-values'
export {
  type BoundField,
  type EntityForm,
  type EntityFormOptions,
  type FieldMessages,
  FieldRefusal,
  useEntityForm,
} from './use-entity-form'
