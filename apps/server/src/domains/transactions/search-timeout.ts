import { ErrorCode, type TransactionFilters } from '@moneta/shared';
import { isStatementTimeout } from '../../db/postgres-errors';
import { badRequest } from '../../http/app-error';
import { runAsSearch } from '../../http/work-scope';

/**
 * A search's statements run as a search (http/work-scope.ts): at most the user's share of cores
 * at once, on the search pool at a lower CPU priority, so one user's broad searches cannot take
 * the cores from everyone's lists. Those cancelled at the time limit (statement_timeout) are the
 * search's fault, not the server's: the person is asked to narrow it (400 QUERY_TOO_BROAD)
 * rather than told to come back later. Other failures pass on as they are.
 */
export async function narrowOnTimeout<T>(
  filters: Partial<TransactionFilters>,
  work: () => Promise<T>,
): Promise<T> {
  if (!filters.search) return work();
  try {
    return await runAsSearch(work);
  } catch (error) {
    if (isStatementTimeout(error)) {
      throw badRequest(
        'This search is too broad: narrow it (fewer terms, a shorter period or an account).',
        ErrorCode.QUERY_TOO_BROAD,
      );
    }
    throw error;
  }
}
