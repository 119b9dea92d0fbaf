/** Tables as aligned plain text (for the terminal) and as Markdown (for docs/performance.md). */

export type Align = 'left' | 'right';

export interface Table {
  readonly headers: readonly string[];
  readonly align: readonly Align[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * Aligned columns separated by two spaces, with a rule under the header.
 *
 * @example
 * ```ts
 * textTable({ headers: ['a', 'b'], align: ['left', 'right'], rows: [['x', '1']] });
 * // 'a  b\n-  -\nx  1'
 * ```
 */
export function textTable(table: Table): string {
  const widths = table.headers.map((h, c) => Math.max(h.length, ...table.rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => (table.align[c] === 'right' ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(table.headers), line(widths.map((w) => '-'.repeat(w))), ...table.rows.map(line)].join('\n');
}

/**
 * A GitHub-flavoured Markdown table; `|` inside cells is escaped.
 *
 * @example
 * ```ts
 * markdownTable({ headers: ['a'], align: ['right'], rows: [['1']] });
 * // '| a |\n|---:|\n| 1 |'
 * ```
 */
export function markdownTable(table: Table): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  const rule = table.align.map((a) => (a === 'right' ? '---:' : '---'));
  return [table.headers, rule, ...table.rows].map((r, i) => `| ${(i === 1 ? r : r.map(cell)).join(' | ')} |`).join('\n');
}
