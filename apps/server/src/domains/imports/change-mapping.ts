import {
  ErrorCode,
  OTHER_APP_NAMES,
  prefersMonthFirst,
  type ImportMapping,
  type ValidImportMappingInput,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { ImportRecord, UserRow } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import { createAccountsReader } from '../accounts/accounts-reader';
import { mappingForHeader } from './header-mapping';
import { analyseImport } from './import-analysis';
import { sourceAppOf } from './import-dto';
import { importNotFound, notInPreview } from './import-records';
import { createImportRowsRepository } from './import-rows-repository';
import { createImportsRepository } from './imports-repository';
import { fitsColumns, headerKeyOf } from './reading/read-upload';
import { rereadCsv } from './stage-upload';
import { defaultHouseholdOf } from '../households/default-household';

/**
 * Reads a CSV import again through a new mapping, in the database transaction `tx` (the cells
 * are kept: no new upload), and remembers the mapping for the bank's header. `skipRows` may
 * move the header. Answers the analysed record.
 */
export async function changeMapping(
  tx: Executor,
  user: UserRow,
  id: string,
  input: ValidImportMappingInput,
): Promise<ImportRecord> {
  const scopedImports = createImportsRepository(tx);
  const record = await scopedImports.lock(user.id, id);
  if (!record) throw importNotFound();
  if (record.format !== 'csv' || !record.columns) {
    throw badRequest('Only CSV imports have a column mapping.', ErrorCode.NOT_CSV);
  }
  const app = sourceAppOf(record);
  if (app) {
    // Read by the app's own columns: a mapping would lose its accounts and transfers.
    throw badRequest(
      `This file is an export of ${OTHER_APP_NAMES[app]}, read by its own columns: it has no column mapping.`,
      ErrorCode.NOT_CSV,
    );
  }
  if (record.status !== 'preview') throw notInPreview(record);
  const skipRows = input.skipRows ?? record.firstRow - 1;
  let columns = record.columns;
  if (skipRows !== record.firstRow - 1) {
    const header = await createImportRowsRepository(tx).recordAt(record.id, skipRows);
    if (!header) {
      throw badRequest(
        `The file has no line ${skipRows + 1} to use as the header.`,
        ErrorCode.BAD_SKIP_ROWS,
      );
    }
    columns = header.map((cell) => cell.trim());
  }
  // Another header line: its columns are detected again, as at upload.
  const mapping: ImportMapping =
    skipRows === record.firstRow - 1
      ? { ...input, skipRows }
      : await mappingForHeader(
          tx,
          record.id,
          { skipRows, columns },
          {
            monthFirst: prefersMonthFirst(user),
            delimiter: record.delimiter ?? ',',
            isCardAccount:
              (await createAccountsReader(tx).typeOf(
                (await defaultHouseholdOf(tx, user.id)).id,
                record.accountId,
              )) === 'credit',
          },
        );
  if (!fitsColumns(mapping, columns.length)) {
    throw badRequest(
      `The mapping names a column the file does not have: it has ${columns.length} columns (0 to ${columns.length - 1}).`,
      ErrorCode.NO_SUCH_COLUMN,
    );
  }
  const layout = { firstRow: skipRows + 1, columns, mapping };
  await rereadCsv(tx, record, layout);
  const headerKey = headerKeyOf(columns);
  const changed = await scopedImports.update(record.id, { ...layout, headerKey });
  const analysed = await analyseImport(tx, user.id, changed);
  if (analysed.rowCount === 0) {
    throw badRequest('There are no rows after that header line.', ErrorCode.NO_ROWS);
  }
  await scopedImports.saveMapping(user.id, headerKey, mapping);
  return analysed;
}
