/**
 * Messages of the custom field rules (issue 10). Keys of locales/<lang>/validation.json under
 * `customField.`; see ./messages for how a field problem names one. The first two are the spec's
 * text, verbatim.
 */
export const CUSTOM_FIELD_MSG = {
  displayName: 'Display name is required.',
  propertyName: 'Property name is required.',
  propertyNameFormat: 'Start with a letter, then only letters, digits or underscores (at most 64).',
  options: 'A choice field needs at least one option.',
  duplicateOption: 'Every option must be different.',
  /** A customer's value for a custom field that does not fit the field (server check of customValues). */
  value: 'This value does not fit the field.',
  /** A property in customValues that is not one of the organisation's custom fields. */
  unknown: 'This is not one of the custom fields.',
} as const
