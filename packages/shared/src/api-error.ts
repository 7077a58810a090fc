import { z } from './zod';

/** The one error shape of the API (docs/api.md, General rules). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });
