/** Errors as a list: code, line:column, message, the caret excerpt, and a fix button when tql has one. */
import type { TqlError, TqlIssue } from '../../src/index.js';
import { h } from './dom.js';

/** Called with the text that applying an issue's suggestion gives. */
export type ApplyFix = (fixedText: string) => void;

/**
 * One item per issue. The excerpt is tql's own (`TqlError.excerpt`), so the page shows exactly
 * what the CLI and the error message show.
 */
export function renderIssues(error: TqlError, applyFix: ApplyFix): HTMLElement {
  return h('ol', { className: 'issues' }, ...error.issues.map((i) => renderIssue(error, i, applyFix)));
}

function renderIssue(error: TqlError, issue: TqlIssue, applyFix: ApplyFix): HTMLElement {
  const aboutText = error.text !== '';
  const [line = '', carets = ''] = aboutText ? error.excerpt(issue).split('\n') : [];
  const suggestion = issue.suggestion;
  return h(
    'li',
    { className: 'issue', 'data-code': issue.code },
    h(
      'div',
      { className: 'issue-head' },
      h('code', { className: 'code' }, issue.code),
      aboutText && h('span', { className: 'where' }, `line ${issue.position.line}, column ${issue.position.column}`),
    ),
    h('p', { className: 'message' }, issue.message),
    aboutText && h('pre', { className: 'excerpt' }, h('span', { className: 'excerpt-line' }, line), '\n', h('span', { className: 'carets' }, carets)),
    suggestion !== undefined &&
      h(
        'button',
        {
          type: 'button',
          className: 'fix',
          onclick: () => applyFix(error.text.slice(0, issue.span.start) + suggestion + error.text.slice(issue.span.end)),
        },
        'Replace with ',
        h('code', {}, suggestion),
      ),
  );
}
