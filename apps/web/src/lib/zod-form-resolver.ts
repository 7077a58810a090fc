import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldMessage, zodFieldIssue } from './forms/field-message';

/**
 * The resolver of every form checked by a shared schema: zodResolver's answer, with two changes.
 * A field checked by a union (the shared amount, month and year rules accept a number or a digit
 * string) shows the union's own message ("Please enter a valid amount…") rather than the text of
 * one failed branch ("Invalid input: expected number, received string"). And each message is in
 * the user's language (lib/forms/field-message.ts, docs/i18n.md "Form messages"): the schemas
 * speak the English the server sends too.
 */
export function zodFormResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: parsed.data, errors: {} };
    }
    // The first problem of each field, as zodResolver keeps it; a union's is the union's own.
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (Object.hasOwn(errors, path)) continue;
      errors[path] = { type: issue.code, message: fieldMessage(zodFieldIssue(issue)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
