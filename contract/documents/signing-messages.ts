/**
 * Messages of signing a document (issue 12; the spec has none). Keys of
 * locales/<lang>/validation.json under `signing.`.
 */
export const SIGNING_MSG = {
  typedName: 'Type your full name to sign.',
  signature: 'Draw your signature before accepting.',
  signatureSize: 'The signature is too large (at most 512 kB).',
  /** Issue 21 #23: signing by typing the name needs the explicit statement ticked. */
  typedStatement: 'Tick the statement to sign with your typed name.',
  /** Accept or decline sent for an information document (only a consent form is answered). */
  notConsent: 'Only a consent form can be accepted or declined.',
} as const
