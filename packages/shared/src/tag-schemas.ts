import { z } from './zod';

/** Tags on one transaction (docs/api.md, Tags): at most this many. */
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;

export const TAG_MESSAGES = {
  length: `A tag must be 1 to ${MAX_TAG_LENGTH} characters long.`,
  tooMany: `A transaction can have at most ${MAX_TAGS} tags.`,
  duplicate: 'The same tag appears twice (tags ignore upper and lower case).',
  notList: 'tags must be a list of words.',
} as const;

/** One tag as a person types it: trimmed, inner runs of spaces made one, 1–30 characters. */
export const tagNameSchema = z
  .string({ message: TAG_MESSAGES.length })
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, TAG_MESSAGES.length).max(MAX_TAG_LENGTH, TAG_MESSAGES.length));

/** The key two spellings of one tag share ("Trip", "trip"). */
export const tagKey = (tag: string) => tag.toLocaleLowerCase('en-US');

/** A transaction's tags: 0–10, each 1–30 characters, no two the same ignoring case. */
export const tagsSchema = z
  .array(tagNameSchema, { message: TAG_MESSAGES.notList })
  .max(MAX_TAGS, TAG_MESSAGES.tooMany)
  .refine((tags) => new Set(tags.map(tagKey)).size === tags.length, TAG_MESSAGES.duplicate);

/** A tag with how many of the user's transactions carry it (GET /tags). */
export const tagSummarySchema = z.object({ name: z.string(), count: z.number() });
export type TagSummary = z.infer<typeof tagSummarySchema>;
export const tagListSchema = z.object({ tags: z.array(tagSummarySchema) });
export type TagList = z.infer<typeof tagListSchema>;

/** PUT /tags/:name: the new name; one the user has already merges the two. */
export const renameTagSchema = z.object({ name: tagNameSchema });
export const tagParamsSchema = z.object({
  name: z.string().max(200, TAG_MESSAGES.length),
});
export const tagChangeSchema = z.object({
  message: z.string(),
  updatedCount: z
    .number()
    .describe('Transactions carrying the new name (a rename), or that lost the tag (a delete).'),
});
