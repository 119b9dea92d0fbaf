/**
 * Errors and warnings as a list: code, line:column, message, the caret excerpt, and a fix button
 * when tql has one. Both are findings about a span of the text; only the colour differs.
 */
import type { Span } from '../../src/ast/nodes.js';
import { caretExcerpt, type Position } from '../../src/errors/position.js';
import type { TqlError } from '../../src/index.js';
import type { TqlWarning } from '../../src/tooling/warnings.js';
import { h } from './dom.js';

/** Called with the text that applying a suggestion gives. */
export type ApplyFix = (fixedText: string) => void;

/** What an error issue and a warning have in common. */
interface Finding {
  readonly code: string;
  readonly message: string;
  readonly span: Span;
  readonly position: Position;
  readonly fix?: string | undefined;
}

/**
 * One item per issue. The excerpt is tql's own (the one `TqlError.excerpt` gives), so the page
 * shows exactly what the CLI and the error message show.
 */
export function renderIssues(error: TqlError, applyFix: ApplyFix): HTMLElement {
  const findings = error.issues.map((i) => ({ ...i, fix: i.suggestion }));
  return renderFindings('issue', error.text, findings, applyFix);
}

/** One item per warning of a valid query. */
export function renderWarnings(text: string, warnings: readonly TqlWarning[], applyFix: ApplyFix): HTMLElement {
  return renderFindings('warning', text, warnings, applyFix);
}

/**
 * `text` with a fix in place of the span it is about: what a fix button or an editor's action
 * applies.
 *
 * @example
 * ```ts
 * withFix('agent.name EQ NULL', { start: 14, end: 18 }, 'null'); // → 'agent.name EQ null'
 * ```
 */
export function withFix(text: string, span: Span, fix: string): string {
  return text.slice(0, span.start) + fix + text.slice(span.end);
}

function renderFindings(kind: 'issue' | 'warning', text: string, findings: readonly Finding[], applyFix: ApplyFix): HTMLElement {
  return h('ol', { className: `${kind}s` }, ...findings.map((f) => renderFinding(kind, text, f, applyFix)));
}

function renderFinding(kind: 'issue' | 'warning', text: string, finding: Finding, applyFix: ApplyFix): HTMLElement {
  const aboutText = text !== '';
  const [line = '', carets = ''] = aboutText ? caretExcerpt(text, finding.span).split('\n') : [];
  const fix = finding.fix;
  return h(
    'li',
    { className: kind, 'data-code': finding.code },
    h(
      'div',
      { className: 'issue-head' },
      h('code', { className: 'code' }, finding.code),
      aboutText && h('span', { className: 'where' }, `line ${finding.position.line}, column ${finding.position.column}`),
    ),
    h('p', { className: 'message' }, finding.message),
    aboutText && h('pre', { className: 'excerpt' }, h('span', { className: 'excerpt-line' }, line), '\n', h('span', { className: 'carets' }, carets)),
    fix !== undefined &&
      h(
        'button',
        { type: 'button', className: 'fix', onclick: () => applyFix(withFix(text, finding.span, fix)) },
        'Replace with ',
        h('code', {}, fix),
      ),
  );
}
