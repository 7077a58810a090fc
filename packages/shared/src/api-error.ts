import { z } from './zod';

/** The one error shape of the API (docs/api.md, General rules). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        /** zod's issue code ('too_big'…), for a client that says the problem in its words. */
        code: z.string().optional(),
        /** The problem's limits: minimum, maximum, origin, inclusive, expected, missing… */
        params: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });
