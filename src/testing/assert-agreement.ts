/**
 * {@link checkAgreement} for a test runner: resolves with the report when the backend agrees,
 * and otherwise rejects with an {@link AgreementError} whose message shows the shrunk query, the
 * records, both answers, the rules at stake and how to replay the run.
 */
import { checkAgreement, type AgreementReport, type CheckAgreementOptions, type Disagreement } from './check-agreement.js';

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

/** A value in a record, readable: Dates as ISO text, numbers as written, no JSON loss. */
function shown(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : `Date(${value.toISOString()})`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `[${value.map(shown).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return `{ ${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${shown(v)}`).join(', ')} }`;
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

function formatDisagreement(d: Disagreement): string {
  const ids = (xs: readonly string[]) => (xs.length === 0 ? 'none' : xs.join(', '));
  return [
    `  query:    ${d.query}`,
    ...(d.records.length === 0 ? ['  records:  none'] : d.records.map((r, i) => `  ${i === 0 ? 'records: ' : '         '} ${shown(r)}`)),
    `  expected: ${ids(d.expected)} (the in-memory backend)`,
    `  got:      ${ids(d.got)}`,
    ...(d.error === undefined ? [] : [`  error:    ${d.error}`]),
    ...(d.missing.length > 0 ? [`  missing:  ${ids(d.missing)}`] : []),
    ...(d.extra.length > 0 ? [`  extra:    ${ids(d.extra)}`] : []),
    `  rules at stake (docs/language.md, What a filter matches):`,
    ...d.rules.map((r) => `    rule ${r.rule}: ${r.title}`),
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
  const explained = report.explainedCount === 0 ? '' : `; ${report.explainedCount} queries differed only where declared`;
  if (report.agreed) return `agreed: ${report.datasets} datasets, ${report.queries} queries (seed ${report.seed})${explained}`;
  const replay = `replay: seed: ${report.seed}${report.path === undefined ? '' : `, path: ${JSON.stringify(report.path)}`}`;
  return [
    `the backend disagrees with the in-memory backend after ${report.datasets} datasets and ${report.queries} queries (shrunk):`,
    ...report.disagreements.map(formatDisagreement),
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
