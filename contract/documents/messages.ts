/**
 * Messages of the documents screen (issue 12): the document form and the PDF upload. Keys of
 * locales/<lang>/validation.json under `documentForm.`; see ../messages for how a field problem
 * names one. The spec's field list ("form name, text, PDF upload, kind") in its §5 wording style.
 */
export const DOCUMENT_FORM_MSG = {
  name: 'Form name is required.',
  kind: 'Document type is required.',
  text: 'Text is required.',
  pdf: 'A PDF upload is required.',
  /** A stored path that is not one of the organisation's uploaded PDFs. */
  pdfPath: 'This PDF file is not one of the organisation’s uploads.',
  pdfType: 'Only PDF files can be uploaded.',
  pdfSize: 'The PDF file may be at most 20 MB.',
} as const
