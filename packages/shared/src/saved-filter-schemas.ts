import { z } from './zod';
import { MAX_SAVED_FILTER_NAME_LENGTH, MAX_SEARCH_LENGTH } from './limits';

/** POST /filters: a search saved under a name (docs/api.md, Saved searches). */
export const savedFilterInputSchema = z.object({
  name: z
    .string({ message: 'name is required.' })
    .trim()
    .min(1, 'Please give the search a name.')
    .max(
      MAX_SAVED_FILTER_NAME_LENGTH,
      `name must be at most ${MAX_SAVED_FILTER_NAME_LENGTH} characters long.`,
    ),
  query: z
    .string({ message: 'query is required.' })
    .trim()
    .min(1, 'query must not be empty.')
    .max(MAX_SEARCH_LENGTH, `query must be at most ${MAX_SEARCH_LENGTH} characters long.`),
});
export type SavedFilterInput = z.input<typeof savedFilterInputSchema>;

export const savedFilterSchema = z.object({
  _id: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;
export const savedFilterListSchema = z.object({ filters: z.array(savedFilterSchema) });
