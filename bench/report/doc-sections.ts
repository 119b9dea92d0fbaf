/**
 * Sections of docs/performance.md that a command of their own writes (`npm run bench:sql`,
 * `npm run bench:server`), between HTML-comment markers, and that a rewrite of the page keeps.
 */

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
 * keepMarkedSection(performanceDoc(results, notes), readFileSync('docs/performance.md', 'utf8'), markers);
 * ```
 */
export function keepMarkedSection(fresh: string, previous: string, markers: SectionMarkers): string {
  const start = previous.indexOf(markers.start);
  const end = previous.indexOf(markers.end);
  return start === -1 || end < start ? fresh : withMarkedSection(fresh, previous.slice(start, end + markers.end.length), markers);
}
