/** Errors for people (carets, colour) and for programs (JSON). */
import { caretExcerpt } from '../errors/position.js';
import type { TqlError } from '../errors/tql-error.js';
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
  const out: string[] = [];
  for (const i of error.issues) {
    const where = error.text === '' ? '' : ` at ${i.position.line}:${i.position.column}`;
    out.push(`${s.red(s.bold(`error[${i.code}]`))}${s.dim(where)}: ${i.message}`);
    if (error.text !== '') {
      const [line, carets] = caretExcerpt(error.text, i.span).split('\n');
      out.push(`  ${line}`, `  ${s.red(carets ?? '')}`);
    }
    if (i.suggestion !== undefined) out.push(`  ${s.green('fix:')} ${i.suggestion}`);
  }
  return `${out.join('\n')}\n`;
}

/** The error as one JSON document: `{ "error": { code, message, issues } }`. */
export function errorJson(error: TqlError): string {
  return `${JSON.stringify({ error: error.toJSON() }, null, 2)}\n`;
}
