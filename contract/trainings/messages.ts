/**
 * Messages of the trainings and user manual editors (issue 24). Keys of
 * locales/<lang>/validation.json under `training.`; see ../messages for how a field problem names one.
 */
export const TRAINING_MSG = {
  title: 'Title is required.',
  /** Spec §5, as Grow's. */
  videoUrl: 'Video URLs accept only YouTube and Vimeo.',
  audio: 'This audio file is not one of the uploaded recordings.',
  pdf: 'This PDF is not one of the uploaded files.',
  content: 'This segment needs its content: a text, an audio file, a PDF or a video address.',
  slug: 'Use lowercase letters, digits and dashes only.',
  slugTaken: 'Another manual page already uses this key.',
  role: 'This role does not exist (any more).',
  segment: 'This segment is not one of the module’s.',
  orderMissing: 'The new order leaves out an item: give every item exactly once.',
  orderDuplicate: 'The new order names an item twice: give every item exactly once.',
  orderUnknown: 'The new order names an item that is not here.',
} as const
