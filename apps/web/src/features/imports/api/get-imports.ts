import type {
  Import,
  ImportRowsPage,
  ImportRowStatus,
  ImportSummary,
} from '@moneta/shared/import-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Rows per page of the preview's table (the API allows up to 100). */
export const IMPORT_ROWS_PAGE_SIZE = 25;

const importPath = (importId: string) => `/imports/${encodeURIComponent(importId)}`;

export const importsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.imports.list,
    queryFn: () => api.get<ImportSummary[]>('/imports'),
  });

/** The user's imports, newest first (docs/architecture.md, Imports). */
export function useImports() {
  return useQuery(importsQueryOptions());
}

/** One import with its preview; disabled until there is an id. */
export function useImport(importId: string | null) {
  return useQuery({
    queryKey: queryKeys.imports.detail(importId ?? ''),
    queryFn: () => api.get<Import>(importPath(importId ?? '')),
    enabled: importId !== null,
  });
}

/** A page of an import's rows, of one status or all; the page shown stays while the next loads. */
export function useImportRows(
  importId: string,
  { page, status }: { page: number; status: ImportRowStatus | '' },
) {
  return useQuery({
    queryKey: queryKeys.imports.rows(importId, { page, status }),
    queryFn: () => {
      const query = new URLSearchParams({
        page: String(page),
        limit: String(IMPORT_ROWS_PAGE_SIZE),
      });
      if (status) query.set('status', status);
      return api.get<ImportRowsPage>(`${importPath(importId)}/rows?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

export { importPath };
