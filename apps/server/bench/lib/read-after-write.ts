import { todayIn } from '@moneta/shared';

const READS_AFTER_A_WRITE = 40;

/**
 * The first read after a write, at one connection: each time an expense is added and deleted
 * through the API (two writes, so every remembered answer of the user is stale, and no figure
 * changes), then `url` is read and timed. Returns the p95 in milliseconds.
 */
export async function measureReadAfterWrite(
  url: string,
  base: string,
  headers: Record<string, string>,
): Promise<number> {
  const json = { ...headers, 'content-type': 'application/json' };
  const expense = {
    name: 'Benchmark write',
    category: 'Food',
    cost: 1,
    addedOn: todayIn('UTC'),
    isIncome: false,
  };
  const timings: number[] = [];
  for (let time = 0; time < READS_AFTER_A_WRITE; time++) {
    const created = await fetch(`${base}/api/transactions`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(expense),
    });
    if (created.status !== 201) throw new Error(`adding the write's expense: ${created.status}`);
    const { _id: id } = (await created.json()) as { _id: string };
    const deleted = await fetch(`${base}/api/transactions/${id}`, { method: 'DELETE', headers });
    if (!deleted.ok) throw new Error(`deleting the write's expense: ${deleted.status}`);
    const started = performance.now();
    const read = await fetch(url, { headers });
    await read.arrayBuffer();
    if (read.status !== 200) throw new Error(`${url} after a write: ${read.status}`);
    timings.push(performance.now() - started);
  }
  const sorted = timings.sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}
