import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Code and docs cite a decision by its id (`docs/decisions.md, TXN-14`). An id is the one name a
 * decision keeps while its heading and wording change, so a citation that names anything else —
 * a heading, a topic — drifts the first time the text is rewritten. Every citation must name an
 * id, and every id it names must exist.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const DECISIONS = 'docs/decisions.md';
/** The files git keeps (a citation in an untracked scratch file is nobody's). */
const SOURCE = /\.(ts|tsx|mjs|js|css|md)$/;
const ID = /^- \*\*([A-Z0-9]+-\d+)\./gm;
/**
 * `decisions.md` (or a Markdown link to it) followed by what it cites: `, ID`, `#id`, or nothing
 * at all (a pointer to the whole file). A bare `decisions.md)` closes a parenthesis: what follows
 * is the sentence's, not a citation.
 */
const CITATION =
  /(?:\]\((?:docs\/)?decisions\.md\)|decisions\.md(?!\)))(?:,\s*([^)\n]*)|#([a-z0-9-]+))?/g;

/** A section's anchor as Markdown renderers make it: lower case, spaces to dashes, no punctuation. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

async function decisionIds(): Promise<Set<string>> {
  const text = await readFile(`${root}${DECISIONS}`, 'utf8');
  return new Set([...text.matchAll(ID)].map((match) => match[1]!));
}

async function sectionAnchors(): Promise<Set<string>> {
  const text = await readFile(`${root}${DECISIONS}`, 'utf8');
  return new Set([...text.matchAll(/^## (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

interface Citation {
  file: string;
  cited: string;
  anchor: string | undefined;
}

async function citations(): Promise<Citation[]> {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCE.test(file) && file !== DECISIONS);
  const found: Citation[] = [];
  for (const file of files) {
    const text = await readFile(`${root}${file}`, 'utf8');
    for (const match of text.matchAll(CITATION)) {
      // A citation broken over two comment lines keeps the second line's comment marker.
      const cited = (match[1] ?? '').replace(/^(?:\*|\/\/)\s*/, '').trim();
      found.push({ file, cited, anchor: match[2] });
    }
  }
  return found;
}

describe('decision citations', () => {
  it('gives every decision a unique id', async () => {
    const text = await readFile(`${root}${DECISIONS}`, 'utf8');
    const ids = [...text.matchAll(ID)].map((match) => match[1]!);
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('cites decisions by ids that exist', async () => {
    const ids = await decisionIds();
    const anchors = await sectionAnchors();
    const bad = (await citations()).filter(({ cited, anchor }) => {
      if (anchor !== undefined) return !anchors.has(anchor);
      const named = cited.match(/^[A-Z0-9]+-\d+(?:\s*(?:,|and|–)\s*[A-Z0-9]+-\d+)*/)?.[0];
      if (!named) return cited !== '';
      return named.split(/\s*(?:,|and|–)\s*/).some((id) => !ids.has(id));
    });
    expect(bad).toEqual([]);
  });
});
