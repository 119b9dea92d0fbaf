/**
 * {@link checkAgreement} for a test runner: resolves with the report when the backend agrees,
 * and otherwise rejects with an {@link AgreementError} whose message shows the shrunk query, the
 * records, both answers, the rules at stake and how to replay the run.
 */
import { checkAgreement, type AgreementReport, type CheckAgreementOptions, type Disagreement } from './check-agreement.js';
import { describeValue } from '../errors/describe-value.js';
import { inputError, isTqlError } from '../errors/tql-error.js';
import { idText, ownElements } from './own-list.js';
import type { LanguageRule } from './rules.js';

/**
 * A failed agreement, as a test runner shows it. It is an assertion failure, not a `TqlError`:
 * the backend under test answered wrong, the input was fine.
 */
export class AgreementError extends Error {
  override readonly name = 'AgreementError';
  /** The report the message was written from. */
  readonly report: AgreementReport;

  constructor(report: AgreementReport) {
    super(formatReport(report));
    this.report = report;
  }
}

/** How deep and how wide a record is shown: a report stays readable and its writing bounded. */
const SHOWN_DEPTH = 6;
const SHOWN_ITEMS = 20;

/**
 * A value in a record, readable: Dates as ISO text, numbers as written, no JSON loss. A value
 * already being shown (a cycle) is `[cycle]`; deeper than {@link SHOWN_DEPTH} is `…`, and past
 * {@link SHOWN_ITEMS} elements or fields the rest is counted, not shown.
 */
function shown(value: unknown, open: Set<unknown> = new Set(), depth = 0): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : `Date(${value.toISOString()})`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return value === undefined ? 'undefined' : typeof value === 'string' ? JSON.stringify(value) : String(value);
  if (open.has(value)) return '[cycle]';
  if (depth >= SHOWN_DEPTH) return '…';
  open.add(value);
  const inner = (v: unknown) => shown(v, open, depth + 1);
  const list = (items: string[], total: number) => [...items, ...(total > items.length ? [`… ${total - items.length} more`] : [])].join(', ');
  let text: string;
  if (Array.isArray(value)) {
    const own = ownElements('formatReport: a record\'s lists', value);
    text = `[${list(own.slice(0, SHOWN_ITEMS).map(inner), own.length)}]`;
  } else {
    const keys = Object.keys(value);
    text = `{ ${list(keys.slice(0, SHOWN_ITEMS).map((k) => `${JSON.stringify(k)}: ${inner((value as Record<string, unknown>)[k])}`), keys.length)} }`;
  }
  open.delete(value);
  return text;
}

function formatDisagreement(d: Disagreement): string {
  const ids = (xs: readonly string[]) => (xs.length === 0 ? 'none' : ownElements('formatReport: a disagreement\'s ids', xs).map((x) => idText('formatReport: ids', x)).join(', '));
  const records = ownElements('formatReport: a disagreement\'s records', d.records);
  const rules = ownElements('formatReport: a disagreement\'s rules', d.rules) as LanguageRule[];
  return [
    `  query:    ${String(d.query)}`,
    ...(records.length === 0 ? ['  records:  none'] : records.map((r, i) => `  ${i === 0 ? 'records: ' : '         '} ${shown(r)}`)),
    `  expected: ${ids(d.expected)} (the in-memory backend)`,
    `  got:      ${ids(d.got)}`,
    ...(d.error === undefined ? [] : [`  error:    ${String(d.error)}`]),
    ...(d.missing.length > 0 ? [`  missing:  ${ids(d.missing)}`] : []),
    ...(d.extra.length > 0 ? [`  extra:    ${ids(d.extra)}`] : []),
    `  rules at stake (docs/language.md, What a filter matches):`,
    ...rules.map((r) => `    rule ${r.rule}: ${r.title}`),
  ].join('\n');
}

/**
 * The report as text: agreement and its counts, or each disagreement and how to replay it.
 *
 * @example
 * ```ts
 * const report = await checkAgreement({ schema: schedulingSchema, entity: 'team', ...mongoTarget(), runs: 3, declared: mongoFoldingDiffers });
 * formatReport(report).startsWith('agreed: 3 datasets'); // → true
 * // agreed: 3 datasets, 14 queries (seed 42)
 * ```
 */
export function formatReport(report: AgreementReport): string {
  try {
    if (typeof report !== 'object' || report === null || typeof report.agreed !== 'boolean') {
      throw inputError(`formatReport takes the report checkAgreement resolved with, not ${describeValue(report)}.`);
    }
    return formatted(report);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError(`formatReport takes the report checkAgreement resolved with, and this one could not be read (${error instanceof Error ? error.name : typeof error}); pass it as checkAgreement made it.`);
  }
}

function formatted(report: AgreementReport): string {
  const explained = report.explainedCount === 0 ? '' : `; ${report.explainedCount} queries differed only where declared`;
  if (report.agreed) return `agreed: ${report.datasets} datasets, ${report.queries} queries (seed ${report.seed})${explained}`;
  const replay = `replay: seed: ${report.seed}${report.path === undefined ? '' : `, path: ${JSON.stringify(report.path)}`}`;
  return [
    `the backend disagrees with the in-memory backend after ${report.datasets} datasets and ${report.queries} queries (shrunk):`,
    ...ownElements('formatReport: the disagreements', report.disagreements).map((d) => formatDisagreement(d as Disagreement)),
    replay,
  ].join('\n');
}

/**
 * Runs {@link checkAgreement} and rejects with an {@link AgreementError} unless the backend
 * agrees; resolves with the report (print it to see the declared differences).
 *
 * @example
 * ```ts
 * // In a test: rejects with an AgreementError that shows the shrunk case.
 * await assertAgreement({ schema: schedulingSchema, entity: 'agent', ...mongoTarget(), runs: 5, declared: mongoFoldingDiffers });
 * ```
 */
export async function assertAgreement(options: CheckAgreementOptions): Promise<AgreementReport> {
  const report = await checkAgreement(options);
  if (!report.agreed) throw new AgreementError(report);
  return report;
}
