import {
  ErrorCode,
  toStoredHundredths,
  type Transfer,
  type TransferPage,
  type ValidTransferInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import { isForeignKeyViolation } from '../../db/postgres-errors';
import { notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { accountNotFound, assertOwnAccount } from '../accounts/accounts-service';
import { toTransferDto } from './transfer-dto';
import { createTransfersRepository, type TransferValues } from './transfers-repository';

const transferNotFound = () => notFound('Transfer not found.', ErrorCode.TRANSFER_NOT_FOUND);

function toValues(input: ValidTransferInput): TransferValues {
  return {
    fromAccountId: input.fromAccountId,
    toAccountId: input.toAccountId,
    amountCents: toStoredHundredths(input.amount),
    date: input.date,
    note: input.note,
  };
}

/**
 * The (user, account) foreign keys refuse an account that is not the user's: that is a 404,
 * like any other id of someone else's.
 */
async function inOwnAccounts<T>(input: ValidTransferInput, write: () => Promise<T>): Promise<T> {
  if (!isId(input.fromAccountId) || !isId(input.toAccountId)) throw accountNotFound();
  try {
    return await write();
  } catch (error) {
    if (
      isForeignKeyViolation(error, 'transfers_from_account_fk') ||
      isForeignKeyViolation(error, 'transfers_to_account_fk')
    ) {
      throw accountNotFound();
    }
    throw error;
  }
}

export function createTransfersService(db: Database) {
  const transfers = createTransfersRepository(db);

  return {
    async list(
      userId: string,
      query: { accountId?: string | undefined; page: number; limit: number },
    ): Promise<TransferPage> {
      await assertOwnAccount(db, userId, query.accountId);
      const { rows, total } = await transfers.page(userId, query.accountId, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        transfers: rows.map(toTransferDto),
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
        currentPage: query.page,
        total,
      };
    },

    async create(userId: string, input: ValidTransferInput): Promise<Transfer> {
      const row = await inOwnAccounts(input, () => transfers.insert(userId, toValues(input)));
      return toTransferDto(row);
    },

    async update(userId: string, id: string, input: ValidTransferInput): Promise<Transfer> {
      if (!isId(id)) throw transferNotFound();
      const row = await inOwnAccounts(input, () => transfers.update(userId, id, toValues(input)));
      if (!row) throw transferNotFound();
      return toTransferDto(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id) || !(await transfers.delete(userId, id))) throw transferNotFound();
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
