export { Button, type ButtonProps } from './button'
export { CheckboxList, type CheckboxListProps, RadioGroup, type RadioGroupProps } from './choices'
export { cx } from './cx'
export { DateField, DateInput } from './date-field'
export { Drawer, type DrawerProps } from './drawer'
export {
  apiErrorMessage,
  CustomerFacingProvider,
  errorKey,
  fieldIssueMessage,
  messageRef,
  translateFieldIssue,
  translateValidation,
  useApiErrorMessage,
  useCustomerFacing,
  validationFields,
  zodFieldErrors,
} from './errors'
export {
  Badge,
  type BadgeProps,
  type EmptyInvite,
  EmptyState,
  type EmptyStateProps,
  ListSkeleton,
  PageHeader,
  Skeleton,
} from './feedback'
export { FormError } from './form-error'
export { type Option, SelectField, TextArea, TextField } from './fields'
export {
  type BoundField,
  EntityFormElement,
  type EntityForm,
  FieldRefusal,
  FormDrawer,
  FormModal,
  sameValues,
  serverFieldErrors,
  useEntityForm,
} from './form'
export { formatDate, formatDateTime, formatMoney, formatNumber, parseDate } from './format'
export { hundredthsText, parseHundredths } from './hundredths'
export { PeriodFilter } from './period-filter'
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog'
export { Modal, type ModalProps } from './modal'
export { dismiss, Notifications, notify } from './notifications'
export { Truncated, type TruncatedProps } from './truncated'
export { useMediaQuery } from './use-media-query'
export { UnsavedChangesGuard, useDiscardGuard, useReportDirty } from './unsaved-guard'
export { ErrorText, setUpgradeTarget, UPGRADE_CODES, type UpgradeTarget } from './upgrade-link'
