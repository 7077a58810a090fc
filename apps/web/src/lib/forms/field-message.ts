import type { SupportedLocale } from '@moneta/shared/locales';
import type { z } from 'zod';
import { currentI18n, currentLocale } from '@/lib/i18n/current';
import { formatDate, formatNumber } from '@/lib/i18n/locale-format';
import { SCHEMA_MESSAGES, type MessageParam } from './schema-messages';

/**
 * A problem with one field, as a zod issue or the server's 400 names it (`errors[]` of
 * docs/api.md): the English message, and when known the kind of problem (`code`, zod's issue
 * code) and its values (`minimum`, `maximum`, `origin`…).
 */
export interface FieldIssue {
  message: string;
  code?: string;
  params?: Readonly<Record<string, unknown>>;
}

/** What a zod issue tells about its problem besides its message. */
export function zodFieldIssue(issue: z.core.$ZodIssue): FieldIssue {
  const { code, message, path: _path, ...details } = issue;
  // A custom issue's own values sit in `params` (a web check's message key among them).
  const params = code === 'custom' ? { ...details, ...issue.params } : details;
  return { message, code, params };
}

/** The key a check of the web's own passes in a custom issue's params (currency-decimals.ts). */
export const MESSAGE_KEY_PARAM = 'messageKey';

type Said = { key: string; params?: Readonly<Record<string, unknown>> };

function numberParam(params: FieldIssue['params'], name: string): number | undefined {
  const value = params?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The generic message of a kind of problem, for a text no list knows. */
function genericOf({ code, params }: FieldIssue): Said {
  const origin = params?.origin;
  const minimum = numberParam(params, 'minimum');
  const maximum = numberParam(params, 'maximum');
  const isInclusive = params?.inclusive !== false;
  const isCollection = origin === 'array' || origin === 'set';
  if (code === 'too_small' && minimum !== undefined) {
    if (origin === 'string') {
      return minimum <= 1
        ? { key: 'generic.required' }
        : { key: 'generic.tooShort', params: { minimum } };
    }
    if (isCollection) return { key: 'generic.tooFew', params: { minimum } };
    if (origin === 'number' || origin === 'bigint') {
      return { key: isInclusive ? 'generic.atLeast' : 'generic.above', params: { minimum } };
    }
  }
  if (code === 'too_big' && maximum !== undefined) {
    if (origin === 'string') return { key: 'generic.tooLong', params: { maximum } };
    if (isCollection) return { key: 'generic.tooMany', params: { maximum } };
    if (origin === 'number' || origin === 'bigint') {
      return { key: isInclusive ? 'generic.atMost' : 'generic.below', params: { maximum } };
    }
  }
  if (code === 'invalid_type' && params?.missing === true) return { key: 'generic.required' };
  if (code === 'invalid_value') return { key: 'generic.chooseOption' };
  if (code === 'invalid_format') return { key: 'generic.format' };
  return { key: 'generic.invalid' };
}

/** How the issue is said: a web check's own key, a known schema text, or its kind of problem. */
function saidAs(issue: FieldIssue): Said {
  const ownKey = issue.params?.[MESSAGE_KEY_PARAM];
  // Only a key of this namespace: params may come from a server's answer.
  if (typeof ownKey === 'string' && ownKey.startsWith('validation:')) {
    return { key: ownKey, params: issue.params };
  }
  const known = SCHEMA_MESSAGES.get(issue.message);
  if (known) return { key: `validation:${known.key}`, params: known.params };
  const generic = genericOf(issue);
  return { key: `validation:${generic.key}`, params: generic.params };
}

/** Numbers in the user's format, dates as the user writes them; the rest as it is. */
function written(locale: SupportedLocale, params: Said['params']): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => {
      const param = value as MessageParam | unknown;
      if (typeof param === 'number') return [name, formatNumber(locale, param)];
      if (typeof param === 'object' && param !== null && 'date' in param) {
        return [name, formatDate(locale, String(param.date))];
      }
      return [name, param];
    }),
  );
}

/**
 * A field's problem in the user's language (docs/i18n.md, "Form messages"). English keeps the
 * English message as it came, the product's words, as `errorMessage()` does; every other language
 * gets a translation, and never English: a message no list knows is said by its kind of problem
 * ("Enter at most 100 characters."), or as "Please check this value.".
 */
export function fieldMessage(issue: FieldIssue): string {
  const i18n = currentI18n();
  if (!i18n || i18n.language.startsWith('en')) return issue.message;
  const { key, params } = saidAs(issue);
  return i18n.t(key, written(currentLocale(), params));
}
