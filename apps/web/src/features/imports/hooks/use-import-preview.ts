import type {
  Import,
  ImportCommitInput,
  ImportMapping,
  ImportRow,
} from '@moneta/shared/import-schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMapping } from '../api/update-mapping';
import { mappingProblem, sameMapping } from '../utils/mapping';
import {
  commitBody,
  commitPlan,
  withChoice,
  type RowChoice,
  type RowChoices,
} from '../utils/row-choices';
import { statementsBody, type StatementChoices } from '../utils/statement-choices';

/** Long enough to change a few selects in a row, short enough to feel live. */
export const MAPPING_DEBOUNCE_MS = 400;

/**
 * The preview's state: the CSV mapping being edited (sent once the user pauses), the choices made
 * on rows and on statements, and what the commit would create.
 */
export function useImportPreview(preview: Import, commit: (input: ImportCommitInput) => void) {
  const { t } = useTranslation('imports');
  const updateMapping = useUpdateMapping(preview._id);
  const [draft, setDraft] = useState<ImportMapping | null>(preview.mapping);
  const [choices, setChoices] = useState<RowChoices>(new Map());
  const [statementChoices, setStatementChoices] = useState<StatementChoices>(new Map());
  const sentRef = useRef<ImportMapping | null>(preview.mapping);
  // The detector's reasons come with the upload only (a mapping the user sends has none): kept
  // for the columns the user leaves as they were detected.
  const [detected] = useState(() =>
    preview.mapping && preview.mappingReasons
      ? {
          mapping: preview.mapping,
          reasons: preview.mappingReasons,
          reasonCodes: preview.mappingReasonCodes,
        }
      : undefined,
  );
  const { mutate: sendMapping } = updateMapping;
  const draftProblem = draft ? mappingProblem(draft, t) : null;

  // The mapping is sent once the user pauses; the answer is the file read again through it.
  useEffect(() => {
    if (!draft || draftProblem || sameMapping(draft, sentRef.current)) return;
    const timer = window.setTimeout(() => {
      sentRef.current = draft;
      // Rows may change status under a new mapping: earlier choices no longer fit them.
      setChoices(new Map());
      sendMapping(draft);
    }, MAPPING_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, draftProblem, sendMapping]);

  return {
    draft,
    setDraft,
    draftProblem,
    detected,
    updateMapping,
    choices,
    statementChoices,
    plan: commitPlan(preview.counts, choices, preview.transferPairs),
    choose: (row: ImportRow, change: Omit<RowChoice, 'status'>) =>
      setChoices((current) => withChoice(current, row, change)),
    chooseStatementAccount: (key: number, accountId: string | null) =>
      setStatementChoices((current) => new Map(current).set(key, accountId)),
    submit: () =>
      commit({
        ...commitBody(choices),
        ...statementsBody(preview.statements, statementChoices),
      }),
  };
}
