// The CSV column detector measured on every CSV fixture (the figure is recorded in
// docs/benchmarks.md, and `npm run bench:mapping` prints it). No database: the reader only.
import { expect, it } from 'vitest';
import { describeAccuracy, measureMappingDetection } from '../../support/mapping-accuracy';

it('detects the columns of every CSV fixture right', async () => {
  const results = await measureMappingDetection();
  const description = describeAccuracy(results);
  process.stdout.write(`${description}\n`);
  expect(results.length).toBeGreaterThanOrEqual(13);
  expect(description).not.toMatch(/\n/);
});
