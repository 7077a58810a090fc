import { ErrorCode, type TransactionFilters } from '@moneta/shared';
import { isStatementTimeout } from '../../db/postgres-errors';
import { badRequest } from '../../http/app-error';

/**
 * A search's statements cancelled at the time limit (statement_timeout) are the search's fault,
 * not the server's: the person is asked to narrow it (400 QUERY_TOO_BROAD) rather than told to
 * come back later. Other failures pass on as they are.
 */
export async function narrowOnTimeout<T>(
  filters: Partial<TransactionFilters>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (filters.search && isStatementTimeout(error)) {
      throw badRequest(
        'This search is too broad: narrow it (fewer terms, a shorter period or an account).',
        ErrorCode.QUERY_TOO_BROAD,
      );
    }
    throw error;
  }
}
