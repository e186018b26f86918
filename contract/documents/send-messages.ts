/**
 * Field messages of sending documents (issue 12). Keys of locales/<lang>/validation.json under
 * `documentSend.`; see ../messages for how a field problem names one.
 */
export const DOCUMENT_SEND_MSG = {
  /** Spec §5 "A document must be selected to send one", verbatim. */
  selectDocument: 'A document must be selected to send one.',
} as const
