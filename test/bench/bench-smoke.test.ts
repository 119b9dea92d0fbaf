/**
 * The benchmark suite in quick mode (tiny sizes, 1–2 samples), so `npm test` keeps it working.
 * Timings are never asserted: only that every section ran, produced rows, and that every peer
 * agreed with the hand-written arrow on the number of matches.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../../bench/paths.js';
import { quickSettings } from '../../bench/settings.js';
import { runBench, SECTION_IDS } from '../../bench/suite.js';
import { performanceDoc } from '../../bench/report/docs.js';
import { ratioMatrix, sectionTable, targetTable } from '../../bench/report/render.js';
import type { BenchResults, Section } from '../../bench/report/results.js';
import { markdownTable, textTable } from '../../bench/report/table.js';

// ---- the run ----

let results: BenchResults;

beforeAll(() => {
  results = runBench({ settings: quickSettings(() => {}), repoRoot: repoRoot() });
}, 120_000);

const section = (id: string): Section => {
  const s = results.sections.find((x) => x.id === id);
  if (s === undefined) throw new Error(`no section ${id}`);
  return s;
};

// ---- the tests ----

describe('npm run bench:quick', () => {
  test('runs every section, in order, each with groups of rows', () => {
    expect(results.mode).toBe('quick');
    expect(results.sections.map((s) => s.id)).toEqual(SECTION_IDS);
    for (const s of results.sections) {
      expect(s.groups.length, s.id).toBeGreaterThan(0);
      for (const g of s.groups) expect(g.rows.length, `${s.id}/${g.id}`).toBeGreaterThan(0);
    }
  });

  test('measures tql and its limit in every group of the timed sections', () => {
    for (const id of ['filter', 'record-curve', 'isolated', 'parse', 'predicate-curve', 'allocation']) {
      for (const g of section(id).groups) {
        const measured = g.rows.filter((r) => r.value !== null).map((r) => r.id);
        expect(measured, `${id}/${g.id}`).toContain('hand');
        expect(measured, `${id}/${g.id}`).toContain('tql');
        expect(g.rows.find((r) => r.id === 'hand')?.ratio, `${id}/${g.id}`).toBe(1);
      }
    }
  });

  // compare() stops the run (CountMismatchError, test/bench/harness) when a peer disagrees, so
  // the rows agree by construction; that agreement only means something when the query matches
  // some records but not all of them.
  test('every filter row that ran matched as many records as the hand-written arrow, some but not all', () => {
    for (const g of [...section('filter').groups, ...section('record-curve').groups, ...section('isolated').groups]) {
      const hand = g.rows.find((r) => r.id === 'hand');
      expect(hand?.count, g.id).toEqual(expect.any(Number));
      expect(hand!.count, g.id).toBeGreaterThan(0);
      expect(hand!.count, g.id).toBeLessThan(g.size!);
      for (const r of g.rows) if (r.value !== null) expect(r.count, `${g.id}/${r.id}`).toBe(hand?.count);
    }
  });

  test('runs every peer on some filter workload, and says why where one cannot run', () => {
    const filter = section('filter');
    const peers = ['sift', 'mingo', 'ucast', 'filtrex', 'liqe', 'json-logic', 'cel'];
    for (const peer of peers) {
      const rows = filter.groups.flatMap((g) => g.rows.filter((r) => r.id === peer));
      expect(rows.some((r) => r.value !== null), peer).toBe(true);
      for (const r of rows) if (r.value === null) expect(r.note, peer).toMatch(/^n\/a: \w/);
    }
  });

  test('evaluates every goal of the issue', () => {
    expect(results.targets.map((t) => t.id)).toEqual([
      'filter-vs-hand',
      'filter-vs-best',
      'filter-vs-peers',
      'parse-vs-peers',
      'parse-vs-hand',
      'sql-vs-parse',
      'cold-start',
      'cold-start-cpu',
      'cache-hit',
      'bytes-per-char',
      'linear-predicates',
      'linear-records',
    ]);
    // Cold start needs a build (dist/), which the test command does not make; all else is measured.
    for (const t of results.targets.filter((x) => !x.id.startsWith('cold-start'))) expect(t.status, t.id).not.toBe('not measured');
  });

  test('renders every section as text and Markdown, and the whole docs page', () => {
    for (const s of results.sections) {
      expect(textTable(sectionTable(s)).split('\n').length).toBeGreaterThan(2);
      expect(markdownTable(ratioMatrix(s))).toMatch(/^\| alternative \|/);
    }
    expect(textTable(targetTable(results.targets))).toContain('filter');
    const doc = performanceDoc(results, '## Decisions and findings');
    for (const s of results.sections) expect(doc).toContain(`(\`${s.id}\`)`);
  });
});
