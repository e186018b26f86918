import { z } from 'zod'
import { ZAdviceAudio } from '../advice'
import { ZDocumentPdf } from '../documents'
import { ZImageCategory, ZUploadedFile } from '../questionnaires'
import { defineEndpoint } from './define'
import { ZOrgParams } from './params'
import { storageSession } from './storage-session'

const tags = ['uploads']

/**
 * The largest audio file a Grow module may carry: 50 MB, room for a 30-minute recording at
 * 128 kbps (about 29 MB) and then some.
 */
export const MAX_AUDIO_BYTES = 50 * 1024 * 1024

export const uploads = {
  /** The icon catalogue for question icons (any signed-in user). */
  imageCategories: defineEndpoint({
    method: 'GET',
    path: '/images/categories',
    response: z.array(ZImageCategory),
    tags,
  }),
  /**
   * Multipart, one file (field `file`; optional field `id` first, a UUID that makes a retried
   * upload answer the same path).
   */
  image: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/upload/images',
    params: ZOrgParams,
    multipart: true,
    response: ZUploadedFile,
    status: 201,
    action: 'uploads.image',
    tags,
  }),
  /**
   * A Grow module's spoken advice (multipart: optional field `id` (UUID, idempotent retry) and
   * `durationSeconds` before the file `file`). MP3 only, recognised by its bytes; at most
   * MAX_AUDIO_BYTES. Stored at `<org>/audio/<uuid>.mp3`. Trainings' audio segments upload here
   * too: the plan needs Grow or trainings.
   */
  audio: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/upload/audio',
    params: ZOrgParams,
    multipart: true,
    response: ZAdviceAudio,
    status: 201,
    action: 'uploads.audio',
    feature: ['grow', 'trainings'],
    tags,
  }),
  /**
   * A PDF information document (issue 12; multipart, one file `file`). A PDF by its own bytes
   * (starts with %PDF-, ends with %%EOF), at most PDF_MAX_BYTES. Stored at `<org>/pdf/<uuid>.pdf`;
   * the document then names it (POST/PUT …/documents), or a training's PDF segment: the plan
   * needs documents or trainings.
   */
  pdf: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/upload/pdf',
    params: ZOrgParams,
    multipart: true,
    response: ZDocumentPdf,
    status: 201,
    action: 'uploads.pdf',
    feature: ['documents', 'trainings'],
    tags,
  }),
  storageSession,
}

/**
 * The platform's own files (issue 24): what global admins put in user manuals and paid courses,
 * stored under `global/…` (not an organisation's folder) and checked by their bytes like the
 * organisation uploads. Multipart with one file `file` (and an optional UUID field `id` before
 * it: a retried upload answers the same path). Only global admins (platform.manage) upload; who
 * downloads is decided per file by the course it is in (GET /storage/global/…).
 */
export const globalUploads = {
  /** An image (PNG, JPEG, GIF, WebP by its bytes), stored at `global/images/<uuid>.<ext>`. */
  image: defineEndpoint({
    method: 'POST',
    path: '/upload/images',
    multipart: true,
    response: ZUploadedFile,
    status: 201,
    action: 'platform.manage',
    tags,
  }),
  /**
   * An MP3 for an audio segment (optional `durationSeconds` field before the file), at most
   * MAX_AUDIO_BYTES, stored at `global/audio/<uuid>.mp3`.
   */
  audio: defineEndpoint({
    method: 'POST',
    path: '/upload/audio',
    multipart: true,
    response: ZAdviceAudio,
    status: 201,
    action: 'platform.manage',
    tags,
  }),
  /**
   * Our addition to the spec's two global uploads: a PDF for a manual's or paid course's PDF
   * segment, stored at `global/pdf/<uuid>.pdf`. Its own path (as the organisations'
   * `/upload/pdf`), because it answers another shape (name and size) than an image.
   */
  pdf: defineEndpoint({
    method: 'POST',
    path: '/upload/pdf',
    multipart: true,
    response: ZDocumentPdf,
    status: 201,
    action: 'platform.manage',
    tags,
  }),
}
