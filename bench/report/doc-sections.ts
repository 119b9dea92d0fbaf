/**
 * The parts of docs/performance.md: the hand-written decisions each generated part closes with,
 * and the sections that a command of their own writes (`npm run bench:sql`, `npm run
 * bench:server`) between HTML-comment markers, which a rewrite of the page keeps.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The generated page users read (shipped in the package). */
export const PERFORMANCE_PAGE = 'docs/performance.md';

/**
 * Each part's hand-written decisions, one short paragraph each, in plain words. The findings
 * behind them stay in bench/NOTEBOOK.md, which the page does not include and the package does
 * not ship.
 */
export const DECISIONS = {
  suite: 'bench/report/decisions.md',
  sql: 'bench/sql/decisions.md',
  server: 'bench/server/decisions.md',
} as const;

/**
 * The decisions of one part of the page.
 *
 * @example
 * ```ts
 * performanceDoc(results, readDecisions(repoRoot(), 'suite'));
 * ```
 */
export function readDecisions(root: string, part: keyof typeof DECISIONS): string {
  return readFileSync(path.join(root, DECISIONS[part]), 'utf8');
}

/** The markers around one such section. */
export interface SectionMarkers {
  readonly start: string;
  readonly end: string;
}

/**
 * `doc` with the part between `start` and `end` replaced by `section` (appended when it has none).
 *
 * @example
 * ```ts
 * withSection('a\n<!-- s -->old<!-- e -->', '<!-- s -->new<!-- e -->', '<!-- s -->', '<!-- e -->');
 * ```
 */
export function withSection(doc: string, section: string, start: string, end: string): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) return doc.slice(0, from) + section + doc.slice(to + end.length);
  return `${doc.trimEnd()}\n\n${section}\n`;
}

/**
 * `doc` with its marked section replaced by `section`, or, when it has none, `section` placed
 * before "What the numbers mean" (at the end of a page without that heading).
 *
 * @example
 * ```ts
 * withMarkedSection(readFileSync('docs/performance.md', 'utf8'), section, { start: '<!-- s -->', end: '<!-- e -->' });
 * ```
 */
export function withMarkedSection(doc: string, section: string, markers: SectionMarkers): string {
  const start = doc.indexOf(markers.start);
  if (start !== -1 && doc.indexOf(markers.end) > start) return withSection(doc, section, markers.start, markers.end);
  const method = doc.indexOf('## What the numbers mean');
  return method === -1 ? `${doc.trimEnd()}\n\n${section}\n` : `${doc.slice(0, method)}${section}\n\n${doc.slice(method)}`;
}

/**
 * `fresh` (a page just generated without the marked section) with the marked section of
 * `previous`, so that `npm run bench -- --write-docs` keeps the last run of that command.
 *
 * @example
 * ```ts
 * keepMarkedSection(performanceDoc(results, readDecisions(repoRoot(), 'suite')), readFileSync('docs/performance.md', 'utf8'), markers);
 * ```
 */
export function keepMarkedSection(fresh: string, previous: string, markers: SectionMarkers): string {
  const start = previous.indexOf(markers.start);
  const end = previous.indexOf(markers.end);
  return start === -1 || end < start ? fresh : withMarkedSection(fresh, previous.slice(start, end + markers.end.length), markers);
}
