export { EntityFormElement } from './entity-form-element'
export { FormDrawer, FormModal } from './form-drawer'
export { sameValues, serverFieldErrors } from './form-values'
export {
  type BoundField,
  type EntityForm,
  type EntityFormOptions,
  type FieldMessages,
  FieldRefusal,
  focusFirstInvalid,
  useEntityForm,
} from './use-entity-form'
