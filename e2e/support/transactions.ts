import type { APIRequestContext } from '@playwright/test';

export type NewTransaction = {
  name?: string;
  category: string;
  cost: number;
  addedOn: string;
  isIncome?: boolean;
  note?: string;
};

/** Today's date in UTC, the time zone of users created by `createUser`. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A calendar date `days` before today (UTC). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Records transactions through the API, in order (faster than the form when it isn't tested). */
export async function createTransactions(
  request: APIRequestContext,
  token: string,
  transactions: NewTransaction[],
): Promise<void> {
  for (const transaction of transactions) {
    const response = await request.post('/api/transactions', {
      data: { name: '', isIncome: false, note: null, ...transaction },
      headers: { Authorization: `Bearer ${token}` },
    });
    if (response.status() !== 201) {
      throw new Error(
        `Creating a transaction failed: ${response.status()} ${await response.text()}`,
      );
    }
  }
}
