import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ImportMapping } from '@moneta/shared';
import { readUpload } from '../../src/domains/imports/reading/read-upload';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'imports');

/**
 * What a fixture's columns are, as a person reading the file decided them; or, for another
 * app's export, which app (docs/imports-other-apps.md: it is read by that app's columns, without a
 * mapping).
 */
type Expected = Partial<ImportMapping> | { sourceApp: string };

export interface FixtureResult {
  file: string;
  isRight: boolean;
  /** Each role the detector got wrong: what it chose, and what was expected. */
  wrong: Array<{ role: string; chosen: unknown; expected: unknown }>;
}

/** Every CSV under test/fixtures/imports, by its path there. */
function csvFixtures(directory = FIXTURES): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return csvFixtures(path);
    return entry.name.endsWith('.csv') ? [relative(FIXTURES, path)] : [];
  });
}

/**
 * The column detector measured on every CSV fixture we have (docs/benchmarks.md, CSV column
 * detection): each file is read the way an upload is (`readUpload`, nothing remembered, day first
 * unless the file proves the order) and its detected mapping compared, role by role, with
 * `csv-mappings.json`. A file without an expectation counts as wrong, so a new fixture cannot be
 * left out of the figure.
 */
export async function measureMappingDetection(): Promise<FixtureResult[]> {
  const expectations = JSON.parse(
    readFileSync(join(FIXTURES, 'csv-mappings.json'), 'utf8'),
  ) as Record<string, Expected>;
  const results: FixtureResult[] = [];
  for (const file of csvFixtures()) {
    const expected = expectations[file];
    const reading = await readUpload(
      (async function* () {
        yield readFileSync(join(FIXTURES, file));
      })(),
      { monthFirst: false, rememberedMapping: async () => undefined, write: async () => {} },
    );
    const mapping = reading.csv?.mapping;
    if (expected && 'sourceApp' in expected) {
      const chosen = reading.app?.app;
      const isRight = chosen === expected.sourceApp;
      const wrong = isRight ? [] : [{ role: 'sourceApp', chosen, expected: expected.sourceApp }];
      results.push({ file, isRight, wrong });
      continue;
    }
    const wrong = expected
      ? Object.entries(expected)
          .filter(([role, value]) => mapping?.[role as keyof ImportMapping] !== value)
          .map(([role, value]) => ({
            role,
            chosen: mapping?.[role as keyof ImportMapping],
            expected: value,
          }))
      : [{ role: 'all', chosen: mapping, expected: 'an entry in csv-mappings.json' }];
    results.push({ file, isRight: wrong.length === 0, wrong });
  }
  return results;
}

/** "right / total" and a line per file the detector got wrong. */
export function describeAccuracy(results: FixtureResult[]): string {
  const right = results.filter((result) => result.isRight).length;
  const lines = [`CSV column detection: ${right} / ${results.length} fixtures right`];
  for (const result of results) {
    if (result.isRight) continue;
    const roles = result.wrong
      .map(
        (miss) =>
          `${miss.role} ${JSON.stringify(miss.chosen)} (expected ${JSON.stringify(miss.expected)})`,
      )
      .join(', ');
    lines.push(`  ${result.file}: ${roles}`);
  }
  return lines.join('\n');
}
