/** Errors for people (carets, colour) and for programs (JSON). */
import type { Span } from '../ast/nodes.js';
import { caretExcerpt, type Position } from '../errors/position.js';
import type { TqlError } from '../errors/tql-error.js';
import type { TqlWarning } from '../tooling/warnings.js';
import type { Style } from './style.js';

/**
 * ```text
 * error[unknown_operator] at 1:12: "eq" is not an operator. Did you mean EQ?
 *   agent.name eq john
 *              ^^
 *   fix: EQ
 * ```
 */
export function renderError(error: TqlError, s: Style): string {
  return renderFindings(
    error.text,
    error.issues.map((i) => ({ label: s.red(s.bold(`error[${i.code}]`)), i, fix: i.suggestion })),
    s.red,
    s,
  );
}

/**
 * Warnings in the same form as errors, in yellow:
 *
 * ```text
 * warning[bracketed_list] at 1:1: agent.role IN reads "[User" and "Administrator]" with their brackets: …
 *   agent.role IN [User,Administrator]
 *   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
 *   fix: agent.role IN User,Administrator
 * ```
 */
export function renderWarnings(text: string, warnings: readonly TqlWarning[], s: Style): string {
  if (warnings.length === 0) return '';
  return renderFindings(text, warnings.map((w) => ({ label: s.yellow(s.bold(`warning[${w.code}]`)), i: w, fix: w.fix })), s.yellow, s);
}

interface Finding {
  readonly label: string;
  readonly i: { readonly message: string; readonly span: Span; readonly position: Position };
  readonly fix: string | undefined;
}

function renderFindings(text: string, findings: readonly Finding[], colour: (t: string) => string, s: Style): string {
  const out: string[] = [];
  for (const { label, i, fix } of findings) {
    const where = text === '' ? '' : ` at ${i.position.line}:${i.position.column}`;
    out.push(`${label}${s.dim(where)}: ${i.message}`);
    if (text !== '') {
      const [line, carets] = caretExcerpt(text, i.span).split('\n');
      out.push(`  ${line}`, `  ${colour(carets ?? '')}`);
    }
    if (fix !== undefined) out.push(`  ${s.green('fix:')} ${fix}`);
  }
  return `${out.join('\n')}\n`;
}

/** The error as one JSON document: `{ "error": { code, message, issues } }`. */
export function errorJson(error: TqlError): string {
  return `${JSON.stringify({ error: error.toJSON() }, null, 2)}\n`;
}
