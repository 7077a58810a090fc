import { z } from './zod';
import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from './limits';
import {
  TRANSACTION_MESSAGES,
  calendarDateSchema,
  categoryNameSchema,
  idSchema,
  optionalText,
} from './field-schemas';
import { tagsSchema } from './tag-schemas';

// Transactions changed many at a time (bulk delete, edit and its undo) and the trash.

export const bulkDeleteSchema = z.object({
  transactionIds: z
    .array(z.string().max(64), { message: 'transactionIds must be a list of transaction ids.' })
    .min(1, 'Select at least one transaction to delete.')
    .max(1000, 'At most 1000 transactions can be deleted at once.'),
});

/** A name a bulk edit gives, or its Undo puts back: never blank (as a stored name never is). */
const bulkNameSchema = z
  .string({ message: TRANSACTION_MESSAGES.nameRequired })
  .trim()
  .min(1, TRANSACTION_MESSAGES.nameRequired)
  .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters long.`);

/**
 * PATCH /transactions/bulk: the fields to give every selected transaction (docs/api.md). A
 * field left out stays as each row has it; `note: null` or "" clears the notes.
 */
export const bulkEditSetSchema = z
  .object({
    category: categoryNameSchema
      .optional()
      .describe('New names become custom categories of the kinds they reach.'),
    accountId: idSchema('accountId').optional(),
    name: bulkNameSchema.optional(),
    addedOn: calendarDateSchema.optional(),
    note: optionalText(MAX_NOTE_LENGTH, 'Note').optional().describe('null or "" clears the notes.'),
    tags: tagsSchema.optional().describe("Replaces each row's tags (0–10, as on a transaction)."),
  })
  .strict()
  .refine((set) => Object.values(set).some((value) => value !== undefined), {
    message: 'Choose at least one field to change.',
  });
export type BulkEditSet = z.output<typeof bulkEditSetSchema>;

const transactionIdsSchema = (verb: string) =>
  z
    .array(z.string().max(64), { message: 'transactionIds must be a list of transaction ids.' })
    .min(1, `Select at least one transaction to ${verb}.`)
    .max(
      1000,
      `At most 1000 transactions can be ${verb === 'edit' ? 'edited' : 'restored'} at once.`,
    );

export const bulkEditSchema = z.object({
  transactionIds: transactionIdsSchema('edit'),
  set: bulkEditSetSchema,
});

/** What a bulk-edited row held before, field by field as set: what an Undo puts back. */
export const bulkEditPreviousSchema = z.object({
  _id: z.string(),
  category: z.string().optional(),
  accountId: z.string().optional(),
  name: z.string().optional(),
  addedOn: z.string().optional(),
  note: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
});
export type BulkEditPrevious = z.infer<typeof bulkEditPreviousSchema>;

export const bulkEditResultSchema = z.object({
  updatedCount: z.number(),
  previous: z
    .array(bulkEditPreviousSchema)
    .describe(
      "Each row's values before, of the fields set only. Sent back to " +
        '`POST /api/transactions/bulk/revert`, it undoes the edit.',
    ),
});
export type BulkEditResult = z.infer<typeof bulkEditResultSchema>;

/** POST /transactions/bulk/revert: an edit's `previous`, put back all or nothing. */
export const bulkRevertSchema = z.object({
  previous: z
    .array(
      z
        .object({
          _id: z.string().max(64),
          category: categoryNameSchema.optional(),
          accountId: idSchema('accountId').optional(),
          name: bulkNameSchema.optional(),
          addedOn: calendarDateSchema.optional(),
          note: optionalText(MAX_NOTE_LENGTH, 'Note').optional(),
          tags: tagsSchema.optional(),
        })
        .strict(),
      { message: 'previous must be the list a bulk edit answered.' },
    )
    .min(1, 'Nothing to put back.')
    .max(1000, 'At most 1000 transactions can be put back at once.')
    // A bulk edit answers each row once: an id twice would put back one of two values, by chance.
    .refine((rows) => new Set(rows.map((row) => row._id)).size === rows.length, {
      message: 'Each transaction can be put back only once: an _id is listed twice in previous.',
    })
    .describe(
      "The edit's `previous`: each row's `_id` and the fields to put back (any other key → 400).",
    ),
});

export const trashRestoreSchema = z.object({ transactionIds: transactionIdsSchema('restore') });

/** A deleted transaction in the trash: as it was, and when it was deleted. */
export const trashedTransactionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  cost: z.number(),
  currency: z.string(),
  addedOn: z.string(),
  isIncome: z.boolean(),
  note: z.string().nullable(),
  accountId: z.string(),
  tags: z.array(z.string()),
  /** Only on a split transaction: its parts as deleted (they come back with it). */
  splits: z
    .array(z.object({ category: z.string(), amount: z.number(), note: z.string().nullable() }))
    .optional(),
  deletedAt: z.string(),
  /** The day it leaves the trash for good (30 days after deletedAt). */
  purgeOn: z.string(),
});
export type TrashedTransaction = z.infer<typeof trashedTransactionSchema>;
export const trashPageSchema = z.object({
  transactions: z.array(trashedTransactionSchema),
  totalPages: z.number(),
  currentPage: z.number(),
  total: z.number(),
});
export type TrashPage = z.infer<typeof trashPageSchema>;
