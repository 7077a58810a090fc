import type {
  ChartData,
  Transaction,
  TransactionPage,
  TransactionSummary,
} from '@moneta/shared/transaction-schemas';
import { BUILT_IN_EXPENSE_CATEGORIES, BUILT_IN_INCOME_CATEGORIES } from '@moneta/shared/categories';

let counter = 0;
import { MAIN_ACCOUNT_ID, mainAccount } from './accounts';

export { MAIN_ACCOUNT_ID };

/** A transaction in the base currency (USD) unless told otherwise: `baseCost` is its cost. */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  counter += 1;
  const cost = overrides.cost ?? 12.5;
  return {
    _id: `0190a1b2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    name: `Transaction ${counter}`,
    category: 'Food',
    cost: 12.5,
    addedOn: '2026-03-10',
    isIncome: false,
    note: null,
    recurringId: null,
    receiptId: null,
    accountId: MAIN_ACCOUNT_ID,
    importId: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    currency: 'USD',
    baseCost: cost,
    rate: 1,
    rateDate: null,
    rateSource: 'same',
    tags: [],
    ...overrides,
  };
}

export function makePage(
  transactions: Transaction[],
  { totalPages = 1, currentPage = 1 }: { totalPages?: number; currentPage?: number } = {},
): TransactionPage {
  return { transactions, totalPages, currentPage, total: transactions.length };
}

export function makeSummary(overrides: Partial<TransactionSummary> = {}): TransactionSummary {
  return {
    totalIncome: 0,
    totalExpenses: 0,
    balance: 0,
    recentTransactions: [],
    from: null,
    to: null,
    currency: 'USD',
    unconverted: 0,
    ...overrides,
  };
}

export function emptyCharts(): ChartData {
  const days = Array.from({ length: 30 }, (_, index) => ({
    date: `2026-03-${String(index + 1).padStart(2, '0')}`,
    total: 0,
  }));
  return { expensesByCategory: [], expensesOverTime: days, incomeOverTime: days, unconverted: 0 };
}

/** The fake API answers of the transaction screens' background queries. */
export function transactionHandlers() {
  return {
    'GET /api/transactions/categories/expense': { body: [...BUILT_IN_EXPENSE_CATEGORIES] },
    'GET /api/transactions/categories/income': { body: [...BUILT_IN_INCOME_CATEGORIES] },
    'GET /api/transactions/summary': { body: makeSummary({ totalIncome: 1000, balance: 1000 }) },
    'GET /api/accounts': { body: [mainAccount({ balance: 1000 })] },
    'GET /api/recurring/upcoming': { body: [] },
    'GET /api/transactions/charts': { body: emptyCharts() },
  };
}
