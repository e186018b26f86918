/**
 * Messages of the Grow module editor (issue 11). Keys of locales/<lang>/validation.json under
 * `advice.`; see ../messages for how a field problem names one.
 */
export const ADVICE_MSG = {
  name: 'Name is required.',
  url: 'Enter a web address that starts with http:// or https://.',
  /** Spec §5, verbatim. */
  videoUrl: 'Video URLs accept only YouTube and Vimeo.',
  audio: 'This audio file is not one of the organisation’s recordings.',
  group: 'This group does not exist (any more).',
  condition: 'This condition does not exist (any more).',
  subconditions: 'A condition needs at least one subcondition.',
  questionnaire: 'Subcondition {{number}}: the questionnaire no longer exists.',
  question: 'Subcondition {{number}}: the question no longer exists.',
  option: 'Subcondition {{number}}: the option no longer exists.',
  operator: 'Subcondition {{number}}: this operator does not fit the question.',
  value: 'Subcondition {{number}}: choose a value.',
} as const
