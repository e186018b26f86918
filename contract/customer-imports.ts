import { z } from 'zod'
import { ZCustomerFields } from './customers'
import { zEmail } from './validation'

/*
 * CSV import of customers (issue 10; spec "import customers from CSV" drawer, POST /customers/bulk).
 * The browser reads, maps and checks the file (src-worker/csv); the server creates the customers
 * in chunks, each applied once (a resent chunk answers its stored result), and can undo an import
 * within 24 hours.
 */

/** Rows per bulk request (the client's chunk size is at most this). */
export const IMPORT_CHUNK_MAX = 500
/** E-mails per existence check. */
export const IMPORT_CHECK_MAX = 1000
/** How long an import can be undone. */
export const IMPORT_UNDO_HOURS = 24

/** One customer of the file, already mapped and checked; `row` is its row number in the file. */
export const ZImportRow = ZCustomerFields.omit({
  salonIds: true,
  defaultMessagingType: true,
  allowedMessagingTypes: true,
}).extend({ row: z.number().int().min(1).max(10_000_000) })
export type ImportRow = z.input<typeof ZImportRow>

/** What the dry run found before the server saw the rows (kept in the audit entry and the list). */
export const ZImportDryCounts = z.object({
  rows: z.number().int().min(0),
  skippedEmpty: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  invalid: z.number().int().min(0),
})
export type ImportDryCounts = z.infer<typeof ZImportDryCounts>

export const ZImportCheck = z.object({ emails: z.array(zEmail).min(1).max(IMPORT_CHECK_MAX) })
export const ZImportCheckResult = z.object({
  existing: z.array(z.string()),
  /**
   * Issue 22: how many more customers the organisation's plan has room for, when it has a limit
   * (left out: no limit). The drawer refuses an import that would not fit before a row is sent,
   * so nothing is half-imported; each chunk is checked again under a lock when it is written.
   */
  room: z.number().int().min(0).optional(),
})

export const ZBulkImport = z.object({
  importId: z.string().uuid(),
  chunkId: z.string().uuid(),
  fileName: z.string().trim().max(200).default(''),
  salonIds: z.array(z.string().uuid()).min(1).max(100),
  rows: z.array(ZImportRow).max(IMPORT_CHUNK_MAX),
  /** On the last chunk: the dry run's counts, so the audit entry has the whole picture. */
  final: ZImportDryCounts.optional(),
})
export type BulkImport = z.input<typeof ZBulkImport>

export const ZBulkImportResult = z.object({
  importId: z.string().uuid(),
  chunkId: z.string().uuid(),
  created: z.number().int(),
  /** Rows whose e-mail belonged to a customer by the time the chunk was written. */
  skippedExisting: z.array(z.object({ row: z.number().int(), email: z.string() })),
  /** True when this answer is the stored result of an earlier send of the same chunk. */
  replayed: z.boolean(),
})
export type BulkImportResult = z.infer<typeof ZBulkImportResult>

export const ZImportCounts = z.object({
  created: z.number().int(),
  skippedExisting: z.number().int(),
  removed: z.number().int().optional(),
  kept: z.number().int().optional(),
  ...ZImportDryCounts.partial().shape,
})

export const ZCustomerImport = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  salonIds: z.array(z.string().uuid()),
  employeeId: z.string().uuid().nullable(),
  counts: ZImportCounts,
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
  /** Until when undo is possible (createdAt + 24 h). */
  undoUntil: z.string(),
})
export type CustomerImport = z.infer<typeof ZCustomerImport>

export const UNDO_KEEP_REASONS = ['updated', 'submission', 'comment'] as const
export const ZUndoImportResult = z.object({
  importId: z.string().uuid(),
  removed: z.number().int(),
  kept: z.array(
    z.object({
      customerId: z.string().uuid(),
      fullName: z.string(),
      email: z.string(),
      reason: z.enum(UNDO_KEEP_REASONS),
    }),
  ),
})
export type UndoImportResult = z.infer<typeof ZUndoImportResult>
