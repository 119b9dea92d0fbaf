/** An {@link Evaluation} drawn as a tree of ✓ and ✗, each predicate with what the record holds. */
import { TYPE_FACTS } from '../../schema/type-facts.js';
import { isoUtc } from '../../validate/timestamp.js';
import type { Style } from '../style.js';
import type { Evaluation } from './evaluate.js';

const MAX_VALUES = 5;

function showValue(value: unknown, timestamp: boolean): string {
  if (timestamp && typeof value === 'number' && Number.isSafeInteger(value)) {
    return `${value} (${isoUtc(value * 1000)})`;
  }
  return JSON.stringify(value) ?? String(value);
}

/**
 * What the record holds for the comparison's attribute, for people.
 *
 * @example
 * ```ts
 * describeReading(leaf); // 'name: "Ada"', 'url_slug: (missing)', 'associated_entities[type=psa_a/company].id: [5, 7]'
 * ```
 */
function describeReading(e: Extract<Evaluation, { kind: 'Comparison' }>): string {
  const { path, values, collection } = e.reading;
  const timestamp = TYPE_FACTS[e.comparison.attribute.type].instants;
  if (!collection) return `${path}: ${values.length === 0 ? '(missing)' : showValue(values[0], timestamp)}`;
  if (values.length === 0) return `${path}: (no element)`;
  const shown = values.slice(0, MAX_VALUES).map((v) => showValue(v, timestamp));
  if (values.length > MAX_VALUES) shown.push(`… ${values.length - MAX_VALUES} more`);
  return `${path}: [${shown.join(', ')}]`;
}

/**
 * ```text
 * ✗ AND: 1 of 2 fail
 * ├─ ✓ agent.name LIKE jo             name: "Jo Smith"
 * └─ ✗ NOT: its group passes
 *    └─ ✓ agent.schedulable EQ true   schedulable: true
 * ```
 *
 * @example
 * ```ts
 * io.stdout.write(drawEvaluation(evaluate(query, record), style(io.color)));
 * ```
 */
export function drawEvaluation(evaluation: Evaluation, s: Style): string {
  // Left: the tree and the predicate; right: what the record holds, lined up in one column.
  const rows: { left: string; width: number; right: string }[] = [];
  const mark = (ok: boolean) => (ok ? s.green('✓') : s.red('✗'));
  const visit = (e: Evaluation, prefix: string, childPrefix: string) => {
    if (e.kind === 'Comparison') {
      rows.push({ left: `${prefix}${mark(e.matches)} ${e.predicate}`, width: [...`${prefix}✓ ${e.predicate}`].length, right: describeReading(e) });
      return;
    }
    if (e.kind === 'Not') {
      rows.push({ left: `${prefix}${mark(e.matches)} ${s.bold('NOT')}: its group ${e.operand.matches ? 'passes' : 'fails'}`, width: 0, right: '' });
      visit(e.operand, `${childPrefix}└─ `, `${childPrefix}   `);
      return;
    }
    const passing = e.operands.filter((o) => o.matches).length;
    const n = e.operands.length;
    const summary = e.kind === 'And' ? (e.matches ? `all ${n} pass` : `${n - passing} of ${n} fail`) : e.matches ? `${passing} of ${n} pass` : `none of ${n} pass`;
    rows.push({ left: `${prefix}${mark(e.matches)} ${s.bold(e.kind.toUpperCase())}: ${summary}`, width: 0, right: '' });
    e.operands.forEach((o, i) => {
      const last = i === e.operands.length - 1;
      visit(o, `${childPrefix}${last ? '└─ ' : '├─ '}`, `${childPrefix}${last ? '   ' : '│  '}`);
    });
  };
  visit(evaluation, '', '');
  const column = Math.max(...rows.map((r) => r.width)) + 3;
  const lines = rows.map((r) => (r.right === '' ? r.left : `${r.left}${' '.repeat(column - r.width)}${s.dim(r.right)}`));
  return `${lines.join('\n')}\n`;
}

/**
 * The evaluation as plain data for `--json`.
 *
 * @example
 * ```ts
 * evaluationJson(evaluate(query, record)); // { kind: 'And', matches: false, operands: [{ kind: 'Comparison', … }] }
 * ```
 */
export function evaluationJson(e: Evaluation): unknown {
  if (e.kind === 'Comparison') {
    return { kind: 'Comparison', matches: e.matches, predicate: e.predicate, read: { path: e.reading.path, values: e.reading.values } };
  }
  if (e.kind === 'Not') return { kind: 'Not', matches: e.matches, operand: evaluationJson(e.operand) };
  return { kind: e.kind, matches: e.matches, operands: e.operands.map(evaluationJson) };
}
