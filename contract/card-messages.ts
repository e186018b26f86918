/**
 * Messages of the customer card configuration and the skin analysis (issue 11). Keys of
 * locales/<lang>/validation.json under `dashboard.` and `skinAnalysis.`.
 */
export const DASHBOARD_MSG = {
  duplicateModule: 'Every module kind appears once.',
  duplicateElement: 'Every element needs its own id.',
  noElements: 'This module shows no elements.',
  groupMismatch: 'This element does not belong to the module.',
  questionMissing: 'The question of this element no longer exists.',
  fieldMissing: 'The custom field of this element no longer exists.',
} as const

export const SKIN_ANALYSIS_MSG = {
  duplicateFinding: 'This concern is already marked in this zone.',
  /** An analysis (or photo) dated after today (the salon's today, a day of clock skew allowed). */
  futureDate: 'The date cannot be in the future.',
} as const
