import type {
  ImportMappingReasonCodes,
  ImportMappingReasons,
  ImportRow,
} from '@moneta/shared/import-schemas';
import type { ImportMessageParams } from '@moneta/shared/import-messages';
import type { TFunction } from 'i18next';
import { runningI18n } from '@/lib/i18n/current';

/**
 * An import's sentences in the user's language (docs/i18n.md). The server sends each in English
 * with its code and values; the code picks the message (`imports:rowProblems.*`,
 * `imports:mappingReasons.*`) and the values fill it. A code this web does not know (a newer
 * server) or a sentence without one (a preview staged before codes) keeps the server's English.
 */
function say(t: TFunction, key: string, params: ImportMessageParams): string | undefined {
  const message = `imports:${key}`;
  return runningI18n().exists(message) ? t(message, params) : undefined;
}

/** A preview row's problem, or null for a row without one. */
export function rowProblemText(
  t: TFunction,
  row: Pick<ImportRow, 'problem' | 'problemCode' | 'problemParams'>,
): string | null {
  if (row.problem === null) return null;
  if (!row.problemCode) return row.problem;
  const params = { ...row.problemParams };
  // An amount problem names its field by code: the field is words of the sentence too.
  if (typeof params.field === 'string') {
    const field = say(t, `amountFields.${params.field}`, params);
    if (field === undefined) return row.problem;
    params.field = field;
  }
  return say(t, `rowProblems.${row.problemCode}`, params) ?? row.problem;
}

/** The detector's reason for a role: its sentences, each in the user's language. */
export function mappingReasonText(
  t: TFunction,
  role: keyof ImportMappingReasons,
  reasons: ImportMappingReasons,
  codes: ImportMappingReasonCodes | undefined,
): string | undefined {
  const english = reasons[role];
  const sentences = codes?.[role];
  if (english === undefined || !sentences || sentences.length === 0) return english;
  const said = sentences.map(({ code, params }) => say(t, `mappingReasons.${code}`, params));
  // One sentence this web cannot say: the whole reason in English, not half of it.
  return said.includes(undefined) ? english : said.join(' ');
}
