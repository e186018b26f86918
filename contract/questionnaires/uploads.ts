import { z } from 'zod'

/**
 * Where a question's image may come from (issue 7 #10): a file the organisation uploaded
 * (`<organisationId>/images/<id>.<ext>`, POST /upload/images; the service checks the
 * organisation) or an icon of the catalogue (`icons/<category>/<name>.svg`). Never a URL: an
 * image from another site would tell that site who opens the questionnaire (a tracking pixel).
 */
export const STORED_IMAGE_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/images\/[\w-]{1,64}\.(?:png|jpg|gif|webp)|icons\/[\w-]{1,64}\/[\w-]{1,64}\.svg)$/
/** A catalogue icon's name (`<category>/<name>`, GET /images/categories). */
export const ICON_NAME_RE = /^[\w-]{1,64}\/[\w-]{1,64}$/

/** GET /images/categories: the icon catalogue; a question's `icon` keeps an icon's `name`. */
export const ZImageCategory = z.object({
  id: z.string(),
  icons: z.array(z.object({ name: z.string(), url: z.string() })),
})

/** POST /organisations/{org}/upload/images answer: the storage path to keep and its URL. */
export const ZUploadedFile = z.object({ path: z.string(), url: z.string() })
