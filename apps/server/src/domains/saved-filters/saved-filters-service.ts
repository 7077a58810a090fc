import {
  ErrorCode,
  MAX_SAVED_FILTERS,
  type SavedFilter,
  type SavedFilterInput,
  type savedFilterInputSchema,
} from '@moneta/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { SavedFilterRow } from '../../db/schema';
import { conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { createSavedFiltersRepository } from './saved-filters-repository';

type ValidSavedFilterInput = z.output<typeof savedFilterInputSchema>;

const toSavedFilterDto = (row: SavedFilterRow): SavedFilter => ({
  _id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

const filterNotFound = () => notFound('Saved search not found.', ErrorCode.SAVED_FILTER_NOT_FOUND);

/** Searches saved by name (docs/api.md, Saved searches): names are unique ignoring case. */
export function createSavedFiltersService(db: Executor) {
  const repository = createSavedFiltersRepository(db);
  return {
    async list(userId: string): Promise<SavedFilter[]> {
      return (await repository.list(userId)).map(toSavedFilterDto);
    },

    async create(
      userId: string,
      input: ValidSavedFilterInput | SavedFilterInput,
    ): Promise<SavedFilter> {
      if ((await repository.count(userId)) >= MAX_SAVED_FILTERS) {
        throw conflict(
          `You can keep at most ${MAX_SAVED_FILTERS} saved searches. Delete one first.`,
          ErrorCode.TOO_MANY_SAVED_FILTERS,
        );
      }
      try {
        return toSavedFilterDto(await repository.insert(userId, input));
      } catch (error) {
        if (isUniqueViolation(error, 'saved_filters_user_name_key')) {
          throw conflict(
            'You already have a saved search with this name.',
            ErrorCode.SAVED_FILTER_NAME_TAKEN,
          );
        }
        throw error;
      }
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id)) throw filterNotFound();
      if (!(await repository.delete(userId, id))) throw filterNotFound();
    },
  };
}

export type SavedFiltersService = ReturnType<typeof createSavedFiltersService>;
