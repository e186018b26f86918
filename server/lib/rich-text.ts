import sanitizeHtml from 'sanitize-html'

/*
 * The one rich text sanitiser: a Grow module's text (issue 11: "content as text (rich text,
 * sanitised on the server)") and a consent form's or information document's text (issue 12).
 * The editor's formatting only: paragraphs, line breaks, bold, italic, underline, lists, two
 * heading levels and links (http, https or mailto; opened with rel="noopener"). Everything else
 * — scripts, styles, event handlers, javascript: links, images, iframes — is dropped, so the
 * customer's pages and the tablet may render the text as HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    // The editor's `div` lines (contentEditable) become paragraphs; links open safely.
    div: 'p',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
}

/** A text as stored: sanitised, trimmed; nothing but empty paragraphs is empty. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim()
  return /^(<p>(\s|<br \/>|&nbsp;)*<\/p>\s*)+$/.test(clean) ? '' : clean
}
