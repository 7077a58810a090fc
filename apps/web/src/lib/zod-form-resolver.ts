import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver, but a field checked by a union (the shared amount, month and year rules accept a
 * number or a digit string) shows the union's own message ("Please enter a valid amount…")
 * rather than the text of one failed branch ("Invalid input: expected number, received string"),
 * which is what zodResolver picks.
 */
export function zodFormResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const issue of parsed.error.issues) {
      const [field] = issue.path;
      if (issue.code !== 'invalid_union' || issue.path.length !== 1 || typeof field !== 'string') {
        continue;
      }
      const current = errors[field];
      if (typeof current === 'object' && current !== null) {
        errors[field] = { ...current, message: issue.message };
      }
    }
    // Same shape as zodResolver's answer, only messages replaced.
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
