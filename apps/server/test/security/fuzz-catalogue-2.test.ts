import { describe, expect, it } from 'vitest';
import { catalogueShard, useFuzzing } from './fuzzing';
import { reportFigure } from './report';

/**
 * The catalogue of attacks, shard 2 of 2 (the shards run side by side; fuzzing.ts splits the
 * operations between them by their number of cases).
 */
const SHARD = 1;
const fuzzing = useFuzzing();

describe('fuzzing every operation of the OpenAPI description: the catalogue, shard 2 of 2', () => {
  it('answers every catalogue attack with a 4xx and a message, and changes nothing when it refuses', async () => {
    const operations = catalogueShard(fuzzing, SHARD, 2);
    expect(operations.length).toBeGreaterThan(0);
    const failures: string[] = [];
    let count = 0;
    for (const operation of operations) {
      const plan = fuzzing.planFor(operation);
      for (const fuzzCase of fuzzing.catalogueFor(operation)) {
        count += 1;
        const problem = await fuzzing.runCase(fuzzCase, plan);
        if (problem) failures.push(problem);
      }
    }
    reportFigure(
      `fuzz catalogue, shard 2 of 2: ${count} cases over ${operations.length} operations`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('still answers every read for the fuzzing user, and no prototype was polluted', async () => {
    await fuzzing.expectReadsStillAnswer();
  });
});
